/* cudaError_t's values for the runtime's own files, from the table
 * cudart_errors.def (tools/cudart_gen.py); files that implement the API
 * include <cuda_runtime_api.h> first, which defines the same enum. */
#ifndef CUDART_ERRORS_H
#define CUDART_ERRORS_H

#ifndef __DRIVER_TYPES_H__
enum cudaError {
#define CUDART_ERROR(name, value, text) name = value,
#include "host/cudart/cudart_errors.def"
#undef CUDART_ERROR
};
#endif

#endif
