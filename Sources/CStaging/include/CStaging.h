#ifndef NAVTAPE_CSTAGING_H
#define NAVTAPE_CSTAGING_H

/// Staging files this process has open, removed if SIGINT, SIGTERM or SIGHUP ends it: a signal
/// handler may only call async-signal-safe functions, so the list and the handler are C.

/// Remembers `path` (copied into a static table) until `navtape_staging_forget`; returns its slot,
/// or -1 when the table is full or the path is 4,096 bytes or longer (the file is then only swept
/// by a later run).
int navtape_staging_remember(const char *path);

/// Forgets the file of `slot` (published or abandoned). -1 is ignored.
void navtape_staging_forget(int slot);

/// Installs the handler for SIGINT, SIGTERM and SIGHUP where the process has none of its own: it
/// unlinks every remembered file, restores the default action and raises the signal again, so the
/// process ends as the signal says. Idempotent.
void navtape_staging_install(void);

#endif
