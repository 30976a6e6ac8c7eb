/*
 * A fake CUDA driver for checking jzk's CudaDevice row copies and stream waits without a GPU: "device memory" is
 * host memory, every call is synchronous, and cuMemcpy2DAsync_v2 reads the real CUDA_MEMCPY2D of cuda.h (so the
 * FFM layout in CudaDriver meets the C compiler's). Not part of the Maven build; run by hand from the repository root
 * after `mvn -o -q -pl bench -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt`:
 *   mkdir -p /tmp/fakecuda; gcc -shared -fPIC -O1 -Wall -I/usr/local/cuda/include -o /tmp/fakecuda/libcuda.so.1 \
 *       tornado-kernels/src/test/native/fakecuda/fakecuda.c
 *   FAKE_LOG=1 [FAKE_MAX_PITCH=1000] JZK_CUDA_LIBRARY=/tmp/fakecuda/libcuda.so.1 java --enable-native-access=ALL-UNNAMED \
 *       -cp "$(cat /tmp/cp.txt)" tornado-kernels/src/test/native/fakecuda/FakeCudaRows.java
 * FAKE_MAX_PITCH lowers CU_DEVICE_ATTRIBUTE_MAX_PITCH to exercise the row-by-row fallback; FAKE_LOG counts the calls.
 * Kernels are not run (cuLaunchKernel does nothing).
 */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct CUctx_st { int x; };
struct CUstream_st { int live; int id; };
struct CUevent_st { int live; int id; CUstream stream; };
struct CUmod_st { int x; };
struct CUfunc_st { int x; };

static struct CUctx_st ctx;
static int streams, events, waits, copies2d, copies1d;
#define MAXA 4096
static struct { unsigned long long p; size_t n; } allocs[MAXA];

static int inside(unsigned long long p, size_t n) {
    for (int i = 0; i < MAXA; i++)
        if (allocs[i].p && p >= allocs[i].p && p + n <= allocs[i].p + (allocs[i].n ? allocs[i].n : 1)) return 1;
    return 0;
}

static void report(void) {
    if (getenv("FAKE_LOG"))
        fprintf(stderr, "fakecuda: %d cuMemcpy2DAsync, %d 1D copies, %d cuStreamWaitEvent, %d streams, %d events\n",
                copies2d, copies1d, waits, streams, events);
}

CUresult cuGetErrorName(CUresult e, const char **s) { *s = e == 1 ? "CUDA_ERROR_INVALID_VALUE" : e == 400 ? "CUDA_ERROR_INVALID_HANDLE" : "CUDA_ERROR_FAKE"; return 0; }
CUresult cuInit(unsigned int f) { atexit(report); return 0; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuDeviceGet(CUdevice *d, int o) { *d = o; return 0; }
CUresult cuDeviceGetName(char *n, int len, CUdevice d) { snprintf(n, len, "Fake H200"); return 0; }
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d) {
    switch (a) {
        case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *v = 1024; break;
        case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *v = 49152; break;
        case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *v = 132; break;
        case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *v = 9; break;
        case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *v = 0; break;
        case CU_DEVICE_ATTRIBUTE_MAX_PITCH: *v = getenv("FAKE_MAX_PITCH") ? atoi(getenv("FAKE_MAX_PITCH")) : 2147483647; break;
        default: *v = 0;
    }
    return 0;
}
CUresult cuDeviceTotalMem(size_t *b, CUdevice d) { *b = 1ull << 34; return 0; }
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) { *c = &ctx; return 0; }
CUresult cuDevicePrimaryCtxRelease(CUdevice d) { return 0; }
CUresult cuCtxSetCurrent(CUcontext c) { return c == &ctx ? 0 : 201; }
CUresult cuModuleLoadDataEx(CUmodule *m, const void *img, unsigned int n, CUjit_option *o, void **v) { *m = malloc(8); return 0; }
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) { *f = malloc(8); return 0; }
CUresult cuModuleUnload(CUmodule m) { return 0; }
CUresult cuFuncGetAttribute(int *v, CUfunction_attribute a, CUfunction f) { *v = a == 0 ? 1024 : 0; return 0; }
CUresult cuFuncSetAttribute(CUfunction f, CUfunction_attribute a, int v) { return 0; }
CUresult cuMemAlloc(CUdeviceptr *p, size_t n) {
    void *m = calloc(1, n ? n : 1);
    *p = (CUdeviceptr) m;
    for (int i = 0; i < MAXA; i++) if (!allocs[i].p) { allocs[i].p = *p; allocs[i].n = n; break; }
    return 0;
}
CUresult cuMemFree(CUdeviceptr p) {
    for (int i = 0; i < MAXA; i++) if (allocs[i].p == p) { allocs[i].p = 0; free((void *) p); return 0; }
    return 1;
}
static int live(CUstream s) { return s && s->live; }
CUresult cuMemsetD8Async(CUdeviceptr p, unsigned char v, size_t n, CUstream s) {
    if (!live(s) || !inside(p, n)) return 1;
    memset((void *) p, v, n); return 0;
}
CUresult cuMemcpyHtoDAsync(CUdeviceptr d, const void *h, size_t n, CUstream s) {
    if (!live(s) || !inside(d, n)) return 1;
    copies1d++; memcpy((void *) d, h, n); return 0;
}
CUresult cuMemcpyDtoHAsync(void *h, CUdeviceptr d, size_t n, CUstream s) {
    if (!live(s) || !inside(d, n)) return 1;
    copies1d++; memcpy(h, (void *) d, n); return 0;
}
CUresult cuMemcpyDtoDAsync(CUdeviceptr d, CUdeviceptr src, size_t n, CUstream s) {
    if (!live(s) || !inside(d, n) || !inside(src, n)) return 1;
    memmove((void *) d, (void *) src, n); return 0;
}
CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D *c, CUstream s) {
    if (!live(s)) return 400;
    if (c->srcArray || c->dstArray) return 1;
    if (c->WidthInBytes > c->srcPitch || c->WidthInBytes > c->dstPitch) return 1;
    int maxPitch; cuDeviceGetAttribute(&maxPitch, CU_DEVICE_ATTRIBUTE_MAX_PITCH, 0);
    if (c->srcPitch > (size_t) maxPitch || c->dstPitch > (size_t) maxPitch) return 1;
    const char *src; char *dst;
    if (c->srcMemoryType == CU_MEMORYTYPE_HOST) src = c->srcHost;
    else if (c->srcMemoryType == CU_MEMORYTYPE_DEVICE) src = (const char *) c->srcDevice;
    else return 1;
    if (c->dstMemoryType == CU_MEMORYTYPE_HOST) dst = c->dstHost;
    else if (c->dstMemoryType == CU_MEMORYTYPE_DEVICE) dst = (char *) c->dstDevice;
    else return 1;
    if (c->srcMemoryType == c->dstMemoryType) return 1; // jzk only copies between host and device
    src += c->srcY * c->srcPitch + c->srcXInBytes;
    dst += c->dstY * c->dstPitch + c->dstXInBytes;
    size_t span = c->Height ? (c->Height - 1) : 0;
    if (c->srcMemoryType == CU_MEMORYTYPE_DEVICE && !inside((unsigned long long) src, span * c->srcPitch + c->WidthInBytes)) return 1;
    if (c->dstMemoryType == CU_MEMORYTYPE_DEVICE && !inside((unsigned long long) dst, span * c->dstPitch + c->WidthInBytes)) return 1;
    for (size_t r = 0; r < c->Height; r++) memcpy(dst + r * c->dstPitch, src + r * c->srcPitch, c->WidthInBytes);
    copies2d++;
    if (getenv("FAKE_LOG") && getenv("FAKE_VERBOSE"))
        fprintf(stderr, "fakecuda: 2D %s->%s rows %zu width %zu pitches %zu/%zu on stream %d\n",
                c->srcMemoryType == 1 ? "host" : "device", c->dstMemoryType == 1 ? "host" : "device",
                c->Height, c->WidthInBytes, c->srcPitch, c->dstPitch, s->id);
    return 0;
}
CUresult cuMemHostAlloc(void **p, size_t n, unsigned int f) { *p = calloc(1, n); return 0; }
CUresult cuMemFreeHost(void *p) { free(p); return 0; }
CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx, unsigned int by,
                        unsigned int bz, unsigned int sh, CUstream s, void **params, void **extra) { return live(s) ? 0 : 400; }
CUresult cuStreamCreate(CUstream *s, unsigned int f) { *s = calloc(1, sizeof **s); (*s)->live = 1; (*s)->id = ++streams; return 0; }
CUresult cuStreamSynchronize(CUstream s) { return live(s) ? 0 : 400; }
CUresult cuStreamDestroy(CUstream s) { if (!live(s)) return 400; s->live = 0; return 0; }
CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned int f) {
    if (!live(s) || !e || !e->live || f != 0) return 400;
    waits++;
    if (getenv("FAKE_LOG"))
        fprintf(stderr, "fakecuda: stream %d waits for event %d (recorded on stream %d)\n", s->id, e->id,
                e->stream ? e->stream->id : -1);
    return 0;
}
CUresult cuEventCreate(CUevent *e, unsigned int f) { *e = calloc(1, sizeof **e); (*e)->live = 1; (*e)->id = ++events; return 0; }
CUresult cuEventRecord(CUevent e, CUstream s) { if (!e || !e->live || !live(s)) return 400; e->stream = s; return 0; }
CUresult cuEventSynchronize(CUevent e) { return e && e->live ? 0 : 400; }
CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b) { *ms = 0.001f; return 0; }
CUresult cuEventDestroy(CUevent e) { if (!e || !e->live) return 400; e->live = 0; return 0; }
#undef cuEventElapsedTime
CUresult CUDAAPI cuEventElapsedTime(float *ms, CUevent a, CUevent b);
CUresult CUDAAPI cuEventElapsedTime(float *ms, CUevent a, CUevent b) { *ms = 0.001f; return 0; }
