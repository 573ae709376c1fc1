/* Every function of the CUDA 13 runtime (cudart_exports.def), weak: the
 * ones implemented elsewhere in src/host/cudart/ replace these at link
 * time; the rest return cudaErrorNotSupported and name themselves once on
 * stderr. `nm -D build/lib/libcudart.so.13` shows which are which (W: not
 * implemented), and test/cuda/cudart_exports.sh checks the list. */
#include "host/cudart/cudart.h"

#define CUDART_EXPORT(name)                                    \
    __attribute__((weak)) int name(void);                      \
    __attribute__((weak)) int name(void)                       \
    {                                                          \
        static int said;                                       \
        return cudart_unimplemented(#name, &said);             \
    }
#include "host/cudart/cudart_exports.def"
#undef CUDART_EXPORT
