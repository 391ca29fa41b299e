// The one C header NavTape imports from liblz4 (block API only; see Sources/EventLog/LZ4.swift).
#ifndef NAVTAPE_CLZ4_SHIM_H
#define NAVTAPE_CLZ4_SHIM_H
#include <lz4.h>
#endif
