/*
 * bcryptprimitives.dll with the one export Rust's standard library (1.78
 * and later) needs from it: ProcessPrng, which fills its hash-map keys and
 * random seeds. Wine 8 has no bcryptprimitives.dll; this stub is placed in
 * the test Wine prefix only (scripts/windows.sh) and is never shipped.
 * It asks advapi32's RtlGenRandom (exported as SystemFunction036), which
 * Wine has long provided.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
