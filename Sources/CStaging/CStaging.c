#include "CStaging.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NAVTAPE_STAGING_SLOTS 64
#define NAVTAPE_STAGING_PATH 4096

enum { FREE = 0, WRITING = 1, ARMED = 2 };

/// The remembered paths, in static storage: nothing to allocate or free, so the handler never
/// reads freed memory and a forgotten path leaks nothing. A slot is claimed (FREE to WRITING),
/// filled, then ARMED; the handler unlinks only ARMED slots.
static char paths[NAVTAPE_STAGING_SLOTS][NAVTAPE_STAGING_PATH];
static atomic_int states[NAVTAPE_STAGING_SLOTS];
static atomic_int installed;

int navtape_staging_remember(const char *path) {
    size_t length = strlen(path);
    if (length >= NAVTAPE_STAGING_PATH) return -1;
    for (int slot = 0; slot < NAVTAPE_STAGING_SLOTS; slot++) {
        int expected = FREE;
        if (!atomic_compare_exchange_strong(&states[slot], &expected, WRITING)) continue;
        memcpy(paths[slot], path, length + 1);
        atomic_store(&states[slot], ARMED);
        return slot;
    }
    return -1;
}

void navtape_staging_forget(int slot) {
    if (slot < 0 || slot >= NAVTAPE_STAGING_SLOTS) return;
    atomic_store(&states[slot], FREE);
}

static void remove_staging(int signal_number) {
    for (int slot = 0; slot < NAVTAPE_STAGING_SLOTS; slot++) {
        if (atomic_load(&states[slot]) == ARMED) unlink(paths[slot]);
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, NULL);
    raise(signal_number);
}

void navtape_staging_install(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return;
    int signals[] = {SIGINT, SIGTERM, SIGHUP};
    // A parent may have started us with them blocked (a child inherits the mask): Ctrl-C must work.
    sigset_t blocked;
    sigemptyset(&blocked);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaddset(&blocked, signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &blocked, NULL);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction current;
        if (sigaction(signals[i], NULL, &current) != 0) continue;
        // A handler the process (or its parent, SIG_IGN for nohup) chose stays.
        if (current.sa_handler != SIG_DFL) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = remove_staging;
        sigemptyset(&action.sa_mask);
        sigaction(signals[i], &action, NULL);
    }
}
