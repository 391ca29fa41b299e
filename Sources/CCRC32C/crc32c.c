// CRC-32C (Castagnoli) with the processor's CRC32 instruction: SSE 4.2 `crc32` on x86-64 (checked
// at run time), the ARMv8 CRC extension when the compiler targets it (Apple silicon). Elsewhere
// nt_crc32c_hardware() is 0 and ByteCoding uses its software slice-by-8, which gives the same
// values (ByteCodingTests compares them).
#include "CCRC32C.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <nmmintrin.h>

int nt_crc32c_hardware(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

__attribute__((target("sse4.2")))
uint32_t nt_crc32c_update(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *p = (const unsigned char *)bytes;
    uint64_t c = crc;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        c = _mm_crc32_u64(c, word);
        p += 8;
        count -= 8;
    }
    uint32_t c32 = (uint32_t)c;
    while (count > 0) {
        c32 = _mm_crc32_u8(c32, *p++);
        count--;
    }
    return c32;
}

#elif defined(__aarch64__) && defined(__ARM_FEATURE_CRC32)
#include <arm_acle.h>

int nt_crc32c_hardware(void) { return 1; }

uint32_t nt_crc32c_update(uint32_t crc, const void *bytes, size_t count) {
    const unsigned char *p = (const unsigned char *)bytes;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        crc = __crc32cd(crc, word);
        p += 8;
        count -= 8;
    }
    while (count > 0) {
        crc = __crc32cb(crc, *p++);
        count--;
    }
    return crc;
}

#else

int nt_crc32c_hardware(void) { return 0; }

uint32_t nt_crc32c_update(uint32_t crc, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}

#endif
