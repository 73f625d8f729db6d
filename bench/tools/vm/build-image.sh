#!/usr/bin/env bash
# Builds a Debian bookworm guest image that can run `npm run bench -- sockets` with 50,000 idle
# sockets: the container this repository is developed in has a hard open-file limit of 20,000 and no
# CAP_SYS_RESOURCE, no /dev/kvm and no Docker daemon, so the only place with a higher limit is a
# guest kernel under qemu's software emulation (bench/tools/vm/run.sh boots it).
#
# What it makes, under VM_DIR (default /work/vm, outside the repository):
#   rootfs/          the guest tree (debootstrap minbase + kernel + PostgreSQL 15 + Redis + node +
#                    a clone of this repository's HEAD with node_modules from `npm ci`)
#   kindred.img      an ext4 image of that tree (mkfs.ext4 -d: no loop mount needed)
# Re-running skips the debootstrap and the packages when rootfs/ already has them (delete VM_DIR or
# set VM_REBUILD=1 to start over); the repository copy and the image are always made afresh.
#
# Usage (root): bench/tools/vm/build-image.sh
# Env: VM_DIR, VM_IMAGE_SIZE (default 12G, a sparse file), VM_MIRROR (deb.debian.org),
#      VM_REPO (the repository to clone, default the one this script is in), VM_REBUILD=1.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=${VM_REPO:-$(cd "$HERE/../../.." && pwd)}
VM_DIR=${VM_DIR:-/work/vm}
ROOTFS=$VM_DIR/rootfs
IMAGE=$VM_DIR/kindred.img
IMAGE_SIZE=${VM_IMAGE_SIZE:-12G}
MIRROR=${VM_MIRROR:-http://deb.debian.org/debian}
# Inside the guest the repository lives here; guest-init.sh cds to it.
GUEST_REPO=/opt/kindred

log() { printf '[build-image %s] %s\n' "$(date +%T)" "$*"; }
step_start=$SECONDS
step() { log "$1 (previous step $((SECONDS - step_start)) s)"; step_start=$SECONDS; }

[[ $(id -u) == 0 ]] || { echo "run as root (debootstrap, chroot)" >&2; exit 1; }
mkdir -p "$VM_DIR"

step "host tools"
# qemu-utils: run.sh puts each run's writes in a qcow2 overlay on the image (qemu-img create).
need=()
for pair in qemu-system-x86_64:qemu-system-x86 qemu-img:qemu-utils debootstrap:debootstrap mkfs.ext4:e2fsprogs debugfs:e2fsprogs git:git; do
  command -v "${pair%%:*}" >/dev/null || need+=("${pair#*:}")
done
if ((${#need[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

# The chroot needs /proc, /sys and /dev while packages install (initdb, update-initramfs); they
# must be unmounted again before mkfs.ext4 -d copies the tree, or it would copy /proc itself.
unmount_chroot() {
  local m
  for m in dev/pts dev sys proc; do
    if mountpoint -q "$ROOTFS/$m" 2>/dev/null; then umount -l "$ROOTFS/$m"; fi
  done
}
trap unmount_chroot EXIT
mount_chroot() {
  mount -t proc proc "$ROOTFS/proc"
  mount -t sysfs sys "$ROOTFS/sys"
  mount --bind /dev "$ROOTFS/dev"
  mount --bind /dev/pts "$ROOTFS/dev/pts"
}
in_chroot() { chroot "$ROOTFS" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LC_ALL=C "$@"; }

if [[ ${VM_REBUILD:-0} == 1 ]]; then
  unmount_chroot
  rm -rf "$ROOTFS"
fi

if [[ ! -e $ROOTFS/.packages-done ]]; then
  if [[ ! -e $ROOTFS/.debootstrap-done ]]; then
    step "debootstrap bookworm (minbase) into $ROOTFS"
    rm -rf "$ROOTFS"
    debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR"
    touch "$ROOTFS/.debootstrap-done"
  fi

  step "guest packages: kernel, PostgreSQL 15, Redis, tools"
  cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
  cat >"$ROOTFS/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
  # No service may start inside the chroot: the host already runs PostgreSQL on 5432 and Redis on
  # 6379, and the guest starts its own at boot (guest-init.sh).
  printf '#!/bin/sh\nexit 101\n' >"$ROOTFS/usr/sbin/policy-rc.d"
  chmod +x "$ROOTFS/usr/sbin/policy-rc.d"
  mount_chroot
  in_chroot apt-get update -qq
  # linux-image-amd64 brings initramfs-tools, whose default MODULES=most puts virtio_blk, virtio_pci
  # and ext4 into the initrd, so /dev/vda mounts without a hand-made initramfs.
  in_chroot apt-get install -y -qq --no-install-recommends \
    linux-image-amd64 initramfs-tools kmod udev \
    util-linux procps iproute2 psmisc \
    postgresql-15 postgresql-client-15 redis-server \
    ca-certificates tar gzip
  in_chroot apt-get clean
  unmount_chroot
  touch "$ROOTFS/.packages-done"
fi

step "guest configuration"
# PostgreSQL: the cluster postgresql-common created (15/main), trust auth on loopback as on the
# host, on 127.0.0.1:5432 only; everything else left at Debian's defaults, like the host's.
PGCONF=$ROOTFS/etc/postgresql/15/main
cat >"$PGCONF/pg_hba.conf" <<'EOF'
local all all trust
host  all all 127.0.0.1/32 trust
host  all all ::1/128 trust
EOF
sed -i "s/^#\?listen_addresses.*/listen_addresses = '127.0.0.1'/" "$PGCONF/postgresql.conf"
# pg_createcluster picks 5433 when it sees the host's PostgreSQL on 5432 from inside the chroot.
sed -i "s/^#\?port = .*/port = 5432/" "$PGCONF/postgresql.conf"
echo kindred-vm >"$ROOTFS/etc/hostname"
printf '127.0.0.1 localhost\n::1 localhost\n127.0.1.1 kindred-vm\n' >"$ROOTFS/etc/hosts"
# guest-init.sh is the kernel's init=; run.sh refreshes this copy in the image before each boot
# (debugfs), so editing the script does not need a rebuild.
install -m 0755 "$HERE/guest-init.sh" "$ROOTFS/usr/local/sbin/vm-guest-init"

step "node $(node -v) and npm from the host"
# The same binary: it links glibc, libstdc++ and libgcc_s only, which bookworm's minbase has.
install -m 0755 "$(command -v node)" "$ROOTFS/usr/bin/node"
NPM_DIR=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
rm -rf "$ROOTFS/usr/lib/node_modules/npm"
mkdir -p "$ROOTFS/usr/lib/node_modules"
cp -a "$NPM_DIR" "$ROOTFS/usr/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/bin/npx"

step "repository: git clone of $REPO HEAD, npm ci on the host"
rm -rf "$ROOTFS$GUEST_REPO"
git clone -q "$REPO" "$ROOTFS$GUEST_REPO"
git -C "$ROOTFS$GUEST_REPO" log -1 --format='%H %s' | tee "$VM_DIR/repo-commit.txt"
# npm ci builds the native modules (better-sqlite3) against this very node binary and glibc, so they
# load in the guest as they are.
(cd "$ROOTFS$GUEST_REPO" && npm ci --no-audit --no-fund --loglevel=error)

step "smoke test in the chroot"
# Without /proc mounted: enough to load node, the native SQLite module and the PostgreSQL binaries.
in_chroot /usr/bin/node -e "const D=require('$GUEST_REPO/node_modules/better-sqlite3'); new D(':memory:').prepare('select 1').get(); console.log('node', process.version, 'better-sqlite3 ok')"
in_chroot /usr/lib/postgresql/15/bin/postgres --version
in_chroot redis-server --version
KERNEL=$(ls "$ROOTFS"/boot/vmlinuz-* | sort -V | tail -1)
INITRD=$ROOTFS/boot/initrd.img-${KERNEL##*/vmlinuz-}
[[ -s $INITRD ]] || { echo "no initrd for $KERNEL" >&2; exit 1; }
log "kernel $KERNEL, initrd $INITRD ($(du -h "$INITRD" | cut -f1))"

step "ext4 image $IMAGE ($IMAGE_SIZE, sparse)"
unmount_chroot
for m in proc sys dev; do
  if mountpoint -q "$ROOTFS/$m"; then echo "$ROOTFS/$m is still mounted" >&2; exit 1; fi
done
# The guest's /etc/resolv.conf is the host's: harmless (the guest has no network beyond lo).
log "tree size $(du -sh --apparent-size "$ROOTFS" | cut -f1)"
rm -f "$IMAGE"
truncate -s "$IMAGE_SIZE" "$IMAGE"
mkfs.ext4 -q -F -L kindred-root -E root_owner=0:0 -d "$ROOTFS" "$IMAGE"
step "done"
log "image $IMAGE: $(du -h "$IMAGE" | cut -f1) used of $IMAGE_SIZE; boot it with bench/tools/vm/run.sh"
