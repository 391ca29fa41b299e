// CRC-32C with the processor's own instruction, where it has one (see Sources/ByteCoding/CRC32C.swift).
#ifndef NAVTAPE_CCRC32C_H
#define NAVTAPE_CCRC32C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether `nt_crc32c_update` uses an instruction of this processor (SSE 4.2 on x86-64, the CRC
/// extension on ARMv8 when the compiler targets it); 0 means callers must use their own code.
int nt_crc32c_hardware(void);

/// Continues the raw (not inverted) CRC-32C register `crc` over `count` bytes at `bytes`.
/// Only valid when `nt_crc32c_hardware()` is 1.
uint32_t nt_crc32c_update(uint32_t crc, const void *bytes, size_t count);

#ifdef __cplusplus
}
#endif

#endif
