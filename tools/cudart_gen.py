#!/usr/bin/env python3
"""Writes the two tables warpsim's CUDA runtime (src/host/cudart/) is built
from, once, from the CUDA toolkit installed here:

  cudart_exports.def  every function the toolkit's libcudart.so.13 exports
                      (objdump -T: names only, no code), one CUDART_EXPORT(name) a line
  cudart_errors.def   every cudaError_t of driver_types.h: CUDART_ERROR(name, value, "text")

  tools/cudart_gen.py [CUDA_HOME]     (default /usr/local/cuda)

The texts are the first sentence of each value's comment in driver_types.h,
except the common ones, which carry the short texts programs print."""
import re, subprocess, sys

cuda = sys.argv[1] if len(sys.argv) > 1 else "/usr/local/cuda"
out = "src/host/cudart/"

# cudaGetErrorString's texts for the errors programs meet most.
SHORT = {
    "cudaSuccess": "no error",
    "cudaErrorInvalidValue": "invalid argument",
    "cudaErrorMemoryAllocation": "out of memory",
    "cudaErrorInitializationError": "initialization error",
    "cudaErrorInvalidConfiguration": "invalid configuration argument",
    "cudaErrorInvalidPitchValue": "invalid pitch argument",
    "cudaErrorInvalidSymbol": "invalid device symbol",
    "cudaErrorInvalidMemcpyDirection": "invalid copy direction for memcpy",
    "cudaErrorInvalidDevicePointer": "invalid device pointer",
    "cudaErrorInvalidDeviceFunction": "invalid device function",
    "cudaErrorNoDevice": "no CUDA-capable device is detected",
    "cudaErrorInvalidDevice": "invalid device ordinal",
    "cudaErrorNoKernelImageForDevice": "no kernel image is available for execution on the device",
    "cudaErrorInvalidPtx": "a PTX JIT compilation failed",
    "cudaErrorInvalidResourceHandle": "invalid resource handle",
    "cudaErrorNotReady": "device not ready",
    "cudaErrorIllegalAddress": "an illegal memory access was encountered",
    "cudaErrorLaunchOutOfResources": "too many resources requested for launch",
    "cudaErrorLaunchTimeout": "the launch timed out and was terminated",
    "cudaErrorAssert": "device-side assert triggered",
    "cudaErrorMisalignedAddress": "misaligned address",
    "cudaErrorIllegalInstruction": "an illegal instruction was encountered",
    "cudaErrorLaunchFailure": "unspecified launch failure",
    "cudaErrorCooperativeLaunchTooLarge": "too many blocks in cooperative launch",
    "cudaErrorNotSupported": "operation not supported",
    "cudaErrorUnknown": "unknown error",
}

def exports():
    lib = f"{cuda}/lib64/libcudart.so.13"
    dump = subprocess.check_output(["objdump", "-T", lib], text=True)
    names = sorted({l.split()[-1] for l in dump.splitlines()
                    if " DF " in l and "*UND*" not in l and "libcudart.so.13" in l})
    with open(out + "cudart_exports.def", "w") as f:
        f.write("/* Every function libcudart.so.13 (CUDA 13) exports; written by tools/cudart_gen.py. */\n")
        for n in names:
            f.write(f"CUDART_EXPORT({n})\n")
    return len(names)

def errors():
    text = open(f"{cuda}/include/driver_types.h").read()
    body = re.search(r"enum __device_builtin__ cudaError\s*\{(.*?)\};", text, re.S).group(1)
    rows = []
    for m in re.finditer(r"/\*\*(.*?)\*/\s*(cuda\w+)\s*=\s*(\d+)", body, re.S):
        doc = " ".join(w.strip("* ") for w in m.group(1).split("\n"))
        doc = re.sub(r"\s+", " ", doc).strip()
        doc = re.sub(r"::|\\p |\\ref ", "", doc)
        doc = re.sub(r"\\deprecated\s*", "(deprecated) ", doc).replace("\\", "")
        first = re.split(r"(?<=[a-z)])\. ", doc)[0].rstrip(".")
        name, val = m.group(2), int(m.group(3))
        txt = SHORT.get(name, first).replace('"', "'")
        rows.append((name, val, txt))
    with open(out + "cudart_errors.def", "w") as f:
        f.write("/* Every cudaError_t of driver_types.h (CUDA 13); written by tools/cudart_gen.py. */\n")
        for name, val, txt in rows:
            f.write(f'CUDART_ERROR({name}, {val}, "{txt}")\n')
    return len(rows)

print(f"{exports()} exports, {errors()} errors")
