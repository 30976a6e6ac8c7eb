#!/usr/bin/env bash
# Sourced by the scripts that run jzk (porep-c2-full.sh, startup-setup.sh); needs ROOT, the checkout's root.
# jzk_launcher sets the array JZK to how jzk is started: $JZK_CMD (tests), else $BUNDLE/run.sh jzk.cli.Main (a GPU
# host's bundle from scripts/gpu-bundle.sh, no Java needed there), else the checkout's ./jzk with JAVA_HOME from
# scripts/java-home.sh (a JDK 25).
jzk_launcher() {
    if [ -n "${JZK_CMD:-}" ]; then
        read -ra JZK <<<"$JZK_CMD"
    elif [ -n "${BUNDLE:-}" ]; then
        JZK=("$BUNDLE/run.sh" jzk.cli.Main)
    else
        export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
        . "$ROOT/scripts/java-home.sh"
        JZK=("$ROOT/jzk")
    fi
}
