#!/usr/bin/env bash
# Boots the image bench/tools/vm/build-image.sh made under qemu's software emulation (TCG: this
# machine has no /dev/kvm), runs one command in the guest's copy of the repository (default
# `npm run bench -- sockets`), waits for the guest to power off and leaves the results on the host.
#
# Usage: bench/tools/vm/run.sh [command ...]
#   BENCH_IDLE_SOCKETS=2000 BENCH_IDLE_ROUNDS=1 bench/tools/vm/run.sh      # variables pass through
#   bench/tools/vm/run.sh 'node -e "console.log(1)"'                        # any command
# Every BENCH_* and HEAP_PROBE_* variable of this shell is handed to the guest, and those VM_PASS_ENV
# names (e.g. VM_PASS_ENV=SOCKET_PING_MS: the server reads its own settings from the bench's
# environment); TEST_DATABASE_URL and TEST_REDIS_URL are not (the guest points them at its own
# PostgreSQL and Redis).
# Env: VM_DIR (/work/vm), VM_MEM (14G), VM_SMP (2), VM_TIMEOUT (seconds, 14400), VM_KEEP_OVERLAY=1.
#
# Each run gets VM_DIR/runs/<time>/: serial.log (the whole guest console), job.img (the job going in,
# the results coming back), results/ (console.log, sockets.json or sockets.tmp, guest.txt,
# memory.log, exit-code). The base image is not written: the guest's disk is a qcow2 overlay on it,
# so every run starts from the same PostgreSQL and repository state.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
VM_DIR=${VM_DIR:-/work/vm}
ROOTFS=$VM_DIR/rootfs
IMAGE=$VM_DIR/kindred.img
MEM=${VM_MEM:-14G}
SMP=${VM_SMP:-2}
TIMEOUT=${VM_TIMEOUT:-14400}
CPU=${VM_CPU:-max}
ACCEL=${VM_ACCEL:-tcg,thread=multi}
# (No project name in qemu's command line: a `pkill -f` aimed at the project's own processes on
# the host must not end a run.)
INIT=/usr/local/sbin/vm-guest-init

log() { printf '[run %s] %s\n' "$(date +%T)" "$*"; }

[[ -f $IMAGE ]] || { echo "no $IMAGE: run bench/tools/vm/build-image.sh first" >&2; exit 1; }
# One run at a time: the init is rewritten in the base image under a running guest's overlay
# otherwise, and two emulated machines on two cores would measure each other.
exec 9>"$VM_DIR/.run.lock"
flock -n 9 || { echo "another run.sh is using $VM_DIR" >&2; exit 1; }
KERNEL=$(ls "$ROOTFS"/boot/vmlinuz-* | sort -V | tail -1)
INITRD=$ROOTFS/boot/initrd.img-${KERNEL##*/vmlinuz-}

RUN_DIR=$VM_DIR/runs/$(date +%Y%m%d-%H%M%S)
mkdir -p "$RUN_DIR/results" "$RUN_DIR/job"
SERIAL=$RUN_DIR/serial.log

# The init in the image is refreshed from the repository's guest-init.sh (debugfs writes into the
# ext4 image without mounting it), so a change to the script needs no rebuild.
if ! cmp -s "$HERE/guest-init.sh" <(debugfs -R "cat $INIT" "$IMAGE" 2>/dev/null); then
  log "refreshing $INIT in the image"
  debugfs -w -R "rm $INIT" "$IMAGE" >/dev/null 2>&1 || true
  debugfs -w -R "write $HERE/guest-init.sh $INIT" "$IMAGE" >/dev/null
  debugfs -w -R "sif $INIT mode 0100755" "$IMAGE" >/dev/null
  cmp -s "$HERE/guest-init.sh" <(debugfs -R "cat $INIT" "$IMAGE" 2>/dev/null) || { echo "could not refresh $INIT" >&2; exit 1; }
fi

# The job: a tar on a small raw disk (/dev/vdb in the guest); the guest writes its results over it.
{
  echo "# handed over by run.sh on $(hostname) at $(date -Is)"
  while IFS= read -r name; do
    printf 'export %s=%q\n' "$name" "${!name}"
  done < <(compgen -e | grep -E '^(BENCH_|HEAP_PROBE)' || true; for name in ${VM_PASS_ENV:-}; do [[ -v $name ]] && echo "$name"; done)
} >"$RUN_DIR/job/env"
if (($#)); then printf '%s\n' "$*" >"$RUN_DIR/job/cmd"; fi
truncate -s 64M "$RUN_DIR/job.img"
tar -cf - -C "$RUN_DIR/job" . | dd of="$RUN_DIR/job.img" conv=notrunc status=none
log "job: ${*:-npm run bench -- sockets (default)}; env: $(grep -c '^export' "$RUN_DIR/job/env") variables"

qemu-img create -q -f qcow2 -F raw -b "$IMAGE" "$RUN_DIR/root.qcow2"

# -accel tcg,thread=multi: one host thread per virtual CPU (both cores of this machine).
# -cpu max: every instruction set extension TCG emulates (node and V8 pick their code paths by it).
# tsc=reliable: keeps the TSC as clocksource (it otherwise falls back to hpet/acpi_pm under TCG,
#   whose every read is an emulated I/O access: performance.now() and timers would pay for it).
# panic=1 with -no-reboot: a crashed guest ends qemu instead of hanging until the timeout.
APPEND="root=/dev/vda rw console=ttyS0 init=$INIT panic=1 tsc=reliable loglevel=4"
started=$SECONDS
log "booting $(basename "$KERNEL") with $SMP CPUs ($CPU) and $MEM, -accel $ACCEL; console in $SERIAL"
# timeout(1) ends qemu if the guest hangs (it powers itself off otherwise).
timeout "$TIMEOUT" qemu-system-x86_64 \
  -accel "$ACCEL" -cpu "$CPU" -smp "$SMP" -m "$MEM" \
  -nographic -monitor none -serial "file:$SERIAL" -no-reboot -nic none \
  -kernel "$KERNEL" -initrd "$INITRD" -append "$APPEND" \
  -drive "file=$RUN_DIR/root.qcow2,format=qcow2,if=virtio" \
  -drive "file=$RUN_DIR/job.img,format=raw,if=virtio" \
  </dev/null >"$RUN_DIR/qemu.out" 2>&1 &
qemu_pid=$!
echo "$qemu_pid" >"$RUN_DIR/qemu.pid"
# Ends qemu (this run's: the timeout process, which passes the signal on) if this script is interrupted.
stop_qemu() { kill "$qemu_pid" 2>/dev/null || true; }
trap stop_qemu INT TERM

touch "$SERIAL"
tail -n +1 -f --pid="$qemu_pid" "$SERIAL" || true
wait "$qemu_pid" && qemu_rc=0 || qemu_rc=$?
trap - INT TERM
log "qemu exited ($qemu_rc$( ((qemu_rc == 124)) && echo ": timeout after $TIMEOUT s")) after $((SECONDS - started)) s"
[[ -s $RUN_DIR/qemu.out ]] && sed 's/^/[qemu] /' "$RUN_DIR/qemu.out"
[[ ${VM_KEEP_OVERLAY:-0} == 1 ]] || rm -f "$RUN_DIR/root.qcow2"

tar -xf "$RUN_DIR/job.img" -C "$RUN_DIR/results" 2>/dev/null || true
if [[ ! -f $RUN_DIR/results/exit-code ]]; then
  # The guest never wrote its tar: keep what the serial console saw between the markers.
  sed -n '/=====BEGIN CONSOLE=====/,/=====END CONSOLE=====/p' "$SERIAL" | tr -d '\r' >"$RUN_DIR/results/console-from-serial.log"
  log "the guest wrote no results (see $SERIAL)"
  echo "$RUN_DIR/results"
  exit 1
fi
log "command exit code in the guest: $(cat "$RUN_DIR/results/exit-code")"
log "results in $RUN_DIR/results:"
ls -l "$RUN_DIR/results"
echo "$RUN_DIR/results"
[[ $(cat "$RUN_DIR/results/exit-code") == 0 ]]
