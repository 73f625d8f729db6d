#!/bin/bash
# The guest's init (kernel `init=`, installed as /usr/local/sbin/vm-guest-init by
# build-image.sh and refreshed by run.sh). PID 1 with no systemd: it mounts what the bench needs,
# raises the kernel's descriptor and socket limits, starts PostgreSQL and Redis, runs one job and
# powers the machine off.
#
# The job comes from the second virtio disk (/dev/vdb), a tar run.sh wrote: `env` (exported
# variables, e.g. BENCH_IDLE_SOCKETS) and `cmd` (a shell command run in the repository; default
# `npm run bench -- sockets`). The results go back onto the same disk as a tar: console.log (the
# command's output), bench/results/sockets.json and sockets.tmp if written, guest.txt (kernel,
# memory, limits), exit-code. The console output is also on the serial console, which run.sh logs.
set -euo pipefail
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root LANG=C.UTF-8 TERM=dumb

REPO=/opt/kindred
JOB_DISK=/dev/vdb
OUT=/run/out

say() { echo "[guest-init $(date +%T)] $*"; }

# PID 1 must never exit (the kernel panics); whatever happens, the results are written and the
# machine powers off. sysrq 'o' is the immediate power-off (there is no systemd to ask).
finish() {
  local rc=$?
  set +e
  say "finishing (init status $rc)"
  if [[ -d $OUT ]]; then
    [[ -s $OUT/exit-code ]] || echo "init failed with $rc before the command finished" >"$OUT/exit-code"
    # Only what this run wrote: the clone carries the repository's committed sockets.json.
    [[ -f /run/started ]] && find "$REPO/bench/results" -maxdepth 1 -newer /run/started -type f -exec cp -f {} "$OUT"/ \;
    guest_info >"$OUT/guest-after.txt" 2>&1
    [[ -f /run/pg.log ]] && cp /run/pg.log "$OUT/postgres.log"
    tar -cf "$JOB_DISK" -C "$OUT" . && say "results written to $JOB_DISK ($(du -sh "$OUT" | cut -f1))"
  fi
  runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D /var/lib/postgresql/15/main -m fast -w stop >/dev/null 2>&1
  redis-cli -h 127.0.0.1 shutdown nosave >/dev/null 2>&1
  sync
  mount -o remount,ro / 2>/dev/null || true
  say "powering off"
  echo 1 >/proc/sys/kernel/sysrq
  echo o >/proc/sysrq-trigger
  sleep 60
}
trap finish EXIT

guest_info() {
  echo "== uname"; uname -a
  echo "== kernel cmdline"; cat /proc/cmdline
  echo "== cpu"; nproc; grep -m1 'model name' /proc/cpuinfo
  echo "== clocksource"; cat /sys/devices/system/clocksource/clocksource0/current_clocksource
  echo "== memory"; free -m
  echo "== disk"; df -h / /tmp
  echo "== limits (this shell: ulimit -Sn / -Hn)"; ulimit -Sn; ulimit -Hn
  echo "== sysctl"
  sysctl fs.nr_open fs.file-max fs.file-nr net.core.somaxconn net.ipv4.ip_local_port_range \
    net.ipv4.tcp_max_syn_backlog net.ipv4.tcp_mem net.core.netdev_max_backlog 2>&1
  echo "== sockets"; ss -s 2>&1 | head -8
}

# --- filesystems: the initramfs mounted / (rw, from the cmdline) and moved /dev, /proc, /sys ---
mountpoint -q /proc || mount -t proc proc /proc
mountpoint -q /sys || mount -t sysfs sys /sys
mountpoint -q /dev || mount -t devtmpfs dev /dev
mkdir -p /dev/pts /dev/shm
mountpoint -q /dev/pts || mount -t devpts -o gid=5,mode=620 devpts /dev/pts
mountpoint -q /dev/shm || mount -t tmpfs -o mode=1777 shm /dev/shm
mountpoint -q /run || mount -t tmpfs -o mode=0755 run /run
# /tmp in memory: the bench's SQLite files and heap-probe files live there (os.tmpdir()); the guest
# has 14 GiB and the bench needs a few hundred MB of it.
mount -t tmpfs -o mode=1777 tmp /tmp
mkdir -p "$OUT"
hostname kindred-vm
ip link set lo up

# --- limits: an idle socket is one descriptor in the server and one in a client process ---
# fs.nr_open caps what prlimit may grant one process (the bench asks for 200,000); file-max is the
# system total (server + 4 clients ≈ 100,000 at 50,000 sockets, plus PostgreSQL and Redis).
sysctl -q -w fs.nr_open=1048576
sysctl -q -w fs.file-max=4194304
# Bursts of 200 connects in flight against one listener; the clients bind 127.0.0.2..33 with
# ephemeral ports, 32 × the port range is far above 50,000 either way.
sysctl -q -w net.core.somaxconn=65535
sysctl -q -w net.ipv4.tcp_max_syn_backlog=65535
sysctl -q -w net.core.netdev_max_backlog=65535
sysctl -q -w net.ipv4.ip_local_port_range="1024 65535"
# The bench raises its own limit with prlimit (it runs as root here, no capability is missing); this
# shell's soft limit is raised too so PostgreSQL and Redis are not the ones that run short.
ulimit -Hn 1048576
ulimit -Sn 65536

say "booted: $(uname -r), $(nproc) CPUs, $(free -m | awk '/^Mem:/ {print $2}') MB, clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"

# --- the job ---
mkdir -p /run/job
if [[ -b $JOB_DISK ]] && tar -xf "$JOB_DISK" -C /run/job 2>/dev/null; then
  say "job read from $JOB_DISK"
else
  say "no job on $JOB_DISK: running the default command"
fi
if [[ -f /run/job/env ]]; then
  # shellcheck disable=SC1091
  source /run/job/env
fi
CMD='npm run bench -- sockets'
[[ -s /run/job/cmd ]] && CMD=$(cat /run/job/cmd)

# --- PostgreSQL 15 (trust auth on 127.0.0.1, database `test`) and Redis without persistence ---
mkdir -p /run/postgresql
chown postgres:postgres /run/postgresql
chmod 2775 /run/postgresql
touch /run/pg.log
chown postgres:postgres /run/pg.log
runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D /var/lib/postgresql/15/main \
  -o '-c config_file=/etc/postgresql/15/main/postgresql.conf' -l /run/pg.log -t 600 -w start
if [[ $(runuser -u postgres -- psql -h 127.0.0.1 -Atc "select 1 from pg_database where datname = 'test'") != 1 ]]; then
  runuser -u postgres -- createdb -h 127.0.0.1 test
fi
redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no \
  --logfile /run/redis.log --dir /run
for _ in $(seq 1 100); do
  [[ $(redis-cli -h 127.0.0.1 ping 2>/dev/null) == PONG ]] && break
  sleep 0.5
done
say "PostgreSQL $(runuser -u postgres -- psql -h 127.0.0.1 -d test -Atc 'show server_version') and Redis $(redis-cli -h 127.0.0.1 info server | awk -F: '/^redis_version/ {print $2}' | tr -d '\r') up"

export TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
export TEST_REDIS_URL=${TEST_REDIS_URL:-redis://127.0.0.1:6379}

guest_info >"$OUT/guest.txt" 2>&1
cat "$OUT/guest.txt"

# Memory as the bench goes (free + the heaviest processes every 60 s), for the report.
(
  while sleep 60; do
    echo "== $(date +%T) $(cut -d' ' -f1-3 /proc/loadavg)"
    free -m | sed -n 2p
    # Established TCP connections: each idle socket counts twice (server and client end), so a
    # drop by the server's keep-alive (a pong later than SOCKET_PING_MS) shows here.
    ss -s | grep '^TCP:'
    ps -eo pid,rss,nlwp,pcpu,time,etime,args --sort=-rss | head -7 | cut -c1-180
    # Commits and busy backends: what the PostgreSQL target's connects cost the database.
    runuser -u postgres -- psql -h 127.0.0.1 -d test -Atc "select 'pg commits ' || xact_commit || ', rows updated ' || tup_updated || ', inserted ' || tup_inserted || ', active backends ' || (select count(*) from pg_stat_activity where state = 'active' and backend_type = 'client backend') from pg_stat_database where datname = 'test'" 2>&1
    # One line on the serial console too, to follow a long run from the host (tail serial.log).
    echo "[guest-mon $(date +%T)] load $(cut -d' ' -f1-3 /proc/loadavg); used $(free -m | awk '/^Mem:/ {print $3}') MB; $(ss -s | grep -o 'estab [0-9]*')" >/dev/console
  done
) >"$OUT/memory.log" 2>&1 &
watcher=$!

say "running in $REPO: $CMD"
# Every variable the job handed over (BENCH_*, HEAP_PROBE_* and run.sh's VM_PASS_ENV names); the
# value of one whose name suggests a credential (a URL may carry a password) is not printed.
handed=$([[ -f /run/job/env ]] && sed -n 's/^export //p' /run/job/env | sort |
  awk -F= '{ if (toupper($1) ~ /SECRET|TOKEN|PASS|KEY|URL|CREDENTIAL/) print $1 "=(hidden)"; else print }' | tr '\n' ' ' || true)
# The two test URLs are printed without a password they may carry (user:password@host).
say "env: $(printf 'TEST_DATABASE_URL=%s TEST_REDIS_URL=%s' "$TEST_DATABASE_URL" "$TEST_REDIS_URL" | sed -E 's#(://[^:/@ ]*):[^@ ]*@#\1:(hidden)@#g') $handed"
started=$SECONDS
touch /run/started
echo '=====BEGIN CONSOLE====='
set +e
# console.log is the output verbatim; the serial console and console-timed.log get each line with
# the guest's time in front (the bench's own lines carry none: how long each round took).
(cd "$REPO" && bash -c "$CMD") 2>&1 | tee "$OUT/console.log" |
  while IFS= read -r line; do printf '%(%T)T %s\n' -1 "$line"; done | tee "$OUT/console-timed.log"
rc=${PIPESTATUS[0]}
set -e
echo '=====END CONSOLE====='
echo "$rc" >"$OUT/exit-code"
kill "$watcher" 2>/dev/null || true
say "command exited $rc after $((SECONDS - started)) s"
# finish() (the EXIT trap) writes the results and powers off.
