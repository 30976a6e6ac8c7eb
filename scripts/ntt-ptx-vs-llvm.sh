#!/usr/bin/env bash
# Static comparison of the JIT's PTX of one kernel with clang/LLVM's PTX of the JIT's OpenCL C of the same kernel
# (NVIDIA form: products as inline PTX), no GPU needed (issue 11; findings in
# bench-results/h200-s7-2026-12-01/ntt-ptx-vs-llvm.md):
#   scripts/ntt-ptx-vs-llvm.sh [METHOD=pass4] [OUT=/tmp/ntt-ptx-vs-llvm]
# Needs: a built tornado-kernels (mvn -o -q -pl tornado-kernels -am test-compile), clang 15 with the NVPTX target
# (CLANG, default /usr/lib/llvm-15/bin/clang), ptxas on the PATH, python3. Writes METHOD.ptx / METHOD.cl (the JIT),
# METHOD-clang.ptx (clang -O3), both cubins, and prints ptxas's registers/spills/shared, a PTX opcode histogram
# and a SASS opcode histogram (low 12 bits of each 16-byte sm_90 instruction; no nvdisasm here) of the whole kernel
# and of its stage loop (the first run of two ld.shared up to the bar.sync). Extra JVM flags: JIT_OPTS.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-home.sh
M=${1:-pass4}
OUT=${2:-/tmp/ntt-ptx-vs-llvm}
CLANG=${CLANG:-/usr/lib/llvm-15/bin/clang}
mkdir -p "$OUT"
CP=tornado-kernels/target/test-classes:tornado-kernels/target/classes:field-arith/target/classes
"$JAVA_HOME/bin/java" ${JIT_OPTS:-} -cp "$CP" jzk.tornado.jit.KernelSourceDump jzk.tornado.bls.kernels.NttKernels "$M" "$OUT"
# the work-item built-ins on clang's NVPTX intrinsics (no libclc), as InlinePtxOpenClTest.BUILTINS
python3 - "$OUT/$M-clang.cl" "$OUT/$M.cl" <<'PY'
import sys, textwrap
src = open('tornado-kernels/src/test/java/jzk/tornado/jit/InlinePtxOpenClTest.java').read()
builtins = textwrap.dedent(src.split('BUILTINS = """')[1].split('""";')[0])
open(sys.argv[1], 'w').write(builtins + open(sys.argv[2]).read())
PY
"$CLANG" -x cl -cl-std=CL1.2 -target nvptx64-nvidia-nvcl -O3 -Xclang -finclude-default-header -fgnu-keywords \
    -Wno-everything -S -o "$OUT/$M-clang.ptx" "$OUT/$M-clang.cl"
for v in "$M" "$M-clang"; do
    echo "== ptxas $v: $(ptxas -arch=sm_90 -v "$OUT/$v.ptx" -o "$OUT/$v.cubin" 2>&1 | grep -E 'Used|spill' | tr -s ' \n' ' ')"
done
python3 - "$OUT" "$M" "$CLANG" <<'PY'
import collections, re, struct, subprocess, sys
out, m, clang = sys.argv[1:]
objcopy = clang.replace('clang', 'llvm-objcopy') if '/' in clang else 'llvm-objcopy'
def ptx_ops(path):
    c = collections.Counter()
    for raw in open(path):
        l = raw.strip()
        if not l or l.startswith(('//', '.', '{', '}', ')')) or l.endswith(':'):
            continue
        c[re.sub(r'^@!?%p\w+\s+', '', l).split()[0].rstrip(';')] += 1
    return c
def sass(path):
    subprocess.run([objcopy, '--dump-section', f'.text.jzk_{m}={out}/text.bin', path, f'{out}/junk'], check=True)
    b = open(f'{out}/text.bin', 'rb').read()
    return [struct.unpack_from('<Q', b, i)[0] & 0xfff for i in range(0, len(b), 16)]
def table(title, a, b):
    print(f'== {title}\n{"opcode":28s} {"jit":>6s} {"clang":>6s}')
    for k in sorted(set(a) | set(b), key=lambda k: -(a[k] + b[k])):
        print(f'{k if isinstance(k, str) else hex(k):28s} {a[k]:6d} {b[k]:6d}')
    print(f'{"total":28s} {sum(a.values()):6d} {sum(b.values()):6d}')
table('PTX opcodes', ptx_ops(f'{out}/{m}.ptx'), ptx_ops(f'{out}/{m}-clang.ptx'))
# sm_90 opcodes identified with probe kernels: 0x981 LDG, 0x984 LDS, 0x388/0x988 STS, 0x986 STG, 0xb1d BAR,
# 0x947 BRA, 0x94d EXIT, 0xb82 LDC, 0xab9 ULDC, 0x9c3 S2UR, 0x918 NOP (padding)
names = {0x981: 'LDG', 0x984: 'LDS', 0x388: 'STS', 0x988: 'STS.u', 0x986: 'STG', 0xb1d: 'BAR', 0x947: 'BRA',
         0x94d: 'EXIT', 0xb82: 'LDC', 0xab9: 'ULDC', 0x9c3: 'S2UR', 0x918: 'NOP'}
ja, cl = sass(f'{out}/{m}.cubin'), sass(f'{out}/{m}-clang.cubin')
nm = lambda ops: collections.Counter(names.get(o, o) for o in ops if o != 0x918)
table('SASS opcodes (whole kernel, NOPs dropped)', nm(ja), nm(cl))
def loop(ops):
    i = next(j for j in range(len(ops) - 1) if ops[j] == ops[j + 1] == 0x984)
    return ops[i:ops.index(0xb1d) + 1]
table('SASS opcodes of the stage loop (first ld.shared pair .. bar.sync)', nm(loop(ja)), nm(loop(cl)))
PY
