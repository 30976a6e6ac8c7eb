// A fake of the CUDA driver API entry points that jzk binds, for exercising the CUDA backend (FFM bindings,
// streams, buffers, pinned memory, error paths) on a machine without a GPU. Device memory is host memory; the only
// "kernel" it runs is mulAddHi (hand-written or JIT parameter layout). Not built by Maven; see RUNTIME.md:
//   gcc -shared -fPIC -O1 -o /tmp/libfakecuda.so tornado-kernels/src/test/native/fakecuda.c
//   mvn -pl tornado-kernels test -Dtest=DeviceBufferTest,StreamTest,ConcurrentUseTest,DeviceRegistryTest \
//       "-Djzk.test.argLine=--enable-native-access=ALL-UNNAMED -Djzk.cuda.library=/tmp/libfakecuda.so"
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdio.h>
typedef unsigned long long u64;
typedef struct { char name[64]; int jit; } Fn;
static int ctx_dummy, stream_count, event_count;
int cuGetErrorName(int e, const char **s) { static char buf[64]; snprintf(buf, 64, "CUDA_FAKE_ERROR_%d", e); *s = buf; return 0; }
int cuInit(unsigned f) { return 0; }
int cuDriverGetVersion(int *v) { *v = 13000; return 0; }
int cuDeviceGetCount(int *n) { *n = 1; return 0; }
int cuDeviceGet(int *d, int o) { *d = o; return 0; }
int cuDeviceGetName(char *n, int len, int d) { strncpy(n, "Fake GPU", len); return 0; }
int cuDeviceGetAttribute(int *v, int a, int d) { *v = a == 75 ? 9 : a == 76 ? 0 : a == 1 ? 1024 : a == 16 ? 4 : a == 8 ? 49152 : 0; return 0; }
int cuDeviceTotalMem_v2(size_t *m, int d) { *m = (size_t) 1 << 32; return 0; }
int cuDevicePrimaryCtxRetain(void **c, int d) { *c = &ctx_dummy; return 0; }
int cuDevicePrimaryCtxRelease_v2(int d) { return 0; }
int cuCtxSetCurrent(void *c) { return c == &ctx_dummy ? 0 : 201; }
int cuModuleLoadDataEx(void **m, const void *img, unsigned n, int *opts, void **vals) {
  if (strstr((const char *) img, "frobnicate")) {
    for (unsigned i = 0; i < n; i++) if (opts[i] == 5) strcpy((char *) vals[i], "ptxas fatal: unknown instruction 'frobnicate'");
    return 218;
  }
  *m = strdup((const char *) img); return 0;
}
int cuModuleGetFunction(void **f, void *m, const char *name) {
  Fn *fn = calloc(1, sizeof(Fn)); strncpy(fn->name, name, 63); fn->jit = strstr((char *) m, "jzk kernel JIT") != NULL; *f = fn; return 0; }
int cuModuleUnload(void *m) { free(m); return 0; }
int cuFuncGetAttribute(int *v, int a, void *f) { *v = a == 0 ? 768 : 0; return 0; }
int cuMemAlloc_v2(u64 *p, size_t n) { void *m = malloc(n); if (!m) return 2; *p = (u64) m; return 0; }
int cuMemFree_v2(u64 p) { free((void *) p); return 0; }
int cuMemsetD8Async(u64 p, unsigned char c, size_t n, void *s) { memset((void *) p, c, n); return 0; }
int cuMemcpyHtoDAsync_v2(u64 d, const void *s, size_t n, void *st) { memcpy((void *) d, s, n); return 0; }
int cuMemcpyDtoHAsync_v2(void *d, u64 s, size_t n, void *st) { memcpy(d, (void *) s, n); return 0; }
int cuMemcpyDtoDAsync_v2(u64 d, u64 s, size_t n, void *st) { memmove((void *) d, (void *) s, n); return 0; }
int cuMemHostAlloc(void **p, size_t n, unsigned f) { *p = malloc(n); return 0; }
int cuMemFreeHost(void *p) { free(p); return 0; }
int cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz, unsigned sh, void *st, void **params, void **extra) {
  Fn *fn = f; size_t n = (size_t) gx * bx;
  if (strstr(fn->name, "mulAddHi")) {
    // hand-written: (a, b, r); JIT: (a, a$length, b, b$length, r, r$length)
    int step = fn->jit ? 2 : 1;
    uint64_t *a = *(uint64_t **) params[0], *b = *(uint64_t **) params[step], *r = *(uint64_t **) params[2 * step];
    for (size_t i = 0; i < n; i++) { unsigned __int128 p = (unsigned __int128) a[i] * b[i]; r[i] = (uint64_t) p + (uint64_t) (p >> 64); }
    return 0;
  }
  return 500;
}
int cuStreamCreate(void **s, unsigned f) { *s = malloc(8); stream_count++; return 0; }
int cuStreamSynchronize(void *s) { return s ? 0 : 400; }
int cuStreamDestroy_v2(void *s) { free(s); stream_count--; return 0; }
int cuEventCreate(void **e, unsigned f) { *e = malloc(8); event_count++; return 0; }
int cuEventRecord(void *e, void *s) { return 0; }
int cuEventSynchronize(void *e) { return 0; }
int cuEventElapsedTime(float *ms, void *a, void *b) { *ms = 0.25f; return 0; }
int cuEventDestroy_v2(void *e) { free(e); event_count--; return 0; }
int fake_live_streams(void) { return stream_count; }
int fake_live_events(void) { return event_count; }
