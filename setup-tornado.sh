#!/usr/bin/env bash
# Sets up what jzk's GPU backends need, then builds. Idempotent: safe to run again.
#  - OpenCL: the ICD loader (ocl-icd-libopencl1), PoCL for OpenCL on the CPU (pocl-opencl-icd), clinfo;
#    registers NVIDIA's OpenCL ICD where libnvidia-opencl.so.1 exists but is not registered.
#  - CUDA: nothing to install; jzk calls libcuda.so.1 (the driver) through FFM when it is present.
#  - Checks the JDK (25+), builds all modules (skipping tests): `--no-build` to skip that.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/java-home.sh

need=()
for pkg in ocl-icd-libopencl1 pocl-opencl-icd clinfo; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "setup-tornado: installing ${need[*]}"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "setup-tornado: missing ${need[*]} (install them as root: apt-get install ${need[*]}); OpenCL devices will be absent" >&2
  fi
fi
if [ ! -e /etc/OpenCL/vendors/nvidia.icd ] && ldconfig -p 2>/dev/null | grep -q libnvidia-opencl.so.1; then
  if [ -w /etc/OpenCL/vendors ] || [ "$(id -u)" = 0 ]; then
    mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
    echo "setup-tornado: registered NVIDIA OpenCL ICD"
  fi
fi

if [ "${1:-}" != "--no-build" ]; then
  mvn -B -q -ntp -DskipTests install
  echo "setup-tornado: built jzk with $(java -version 2>&1 | head -1)"
fi
