#!/usr/bin/env bash
# Starts a one-node Slurm (munge, slurmctld, slurmd) configured in a temporary
# directory, runs a small sweep through scripts/slurm_sweep.sh and checks the
# merged run folder. Exit 0: passed; 77: Slurm could not be started here (the
# reason on stdout); anything else: failed.
#   slurm_sweep_test.sh WIRESPEED_BINARY SOURCE_DIR
set -uo pipefail
bin=$1 src=$2
skip() { echo "SKIP: $*"; exit 77; }
for d in munged slurmctld slurmd sbatch squeue; do
  command -v "$d" >/dev/null || [ -x "/usr/sbin/$d" ] || skip "$d is not installed (Debian: slurm-wlm munge; scripts/setup.sh installs them)"
done
[ "$(id -u)" -eq 0 ] || skip "slurmd needs root here"
t=$(mktemp -d /tmp/ws_slurm.XXXXXX)
cleanup() {
  for p in slurmd slurmctld munged; do [ -f "$t/$p.pid" ] && kill "$(cat "$t/$p.pid")" 2>/dev/null; done
  sleep 1
  rm -rf "$t"
}
trap cleanup EXIT
mkdir -p "$t/state" "$t/spool" "$t/munge"
host=$(hostname -s)
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("",0)); print(s.getsockname()[1])'; }
dd if=/dev/urandom of="$t/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$t/munge/munge.key"
/usr/sbin/munged -f --key-file="$t/munge/munge.key" --socket="$t/munge/socket" --pid-file="$t/munged.pid" \
  --log-file="$t/munge/log" --seed-file="$t/munge/seed" || skip "munged did not start: $(tail -1 "$t/munge/log" 2>/dev/null)"
cat > "$t/slurm.conf" <<CONF
ClusterName=wirespeed
SlurmctldHost=$host
SlurmctldPort=$(port)
SlurmdPort=$(port)
AuthType=auth/munge
AuthInfo=socket=$t/munge/socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/slurmctld.log
SlurmdLogFile=$t/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$t/slurm.conf
/usr/sbin/slurmctld -f "$SLURM_CONF" || skip "slurmctld did not start: $(tail -2 "$t/slurmctld.log" 2>/dev/null)"
/usr/sbin/slurmd -f "$SLURM_CONF" || skip "slurmd did not start: $(tail -2 "$t/slurmd.log" 2>/dev/null)"
for _ in $(seq 30); do sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mixed' && break; sleep 1; done
sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mixed' || skip "the node never came up: $(tail -2 "$t/slurmd.log" 2>/dev/null)"

scenario="$src/workloads/pcie_dma/scenarios/x4_write_32k.yaml"
out="$t/out"
WIRESPEED="$bin" "$src/scripts/slurm_sweep.sh" "$scenario" 3 "$out" --set dma.blocks=8 \
  --sweep dma.block_bytes=256,1024,4096,8192 || { echo "FAIL: sbatch refused the jobs"; exit 1; }
for _ in $(seq 120); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 1; done
if [ ! -f "$out/merged/results.csv" ]; then
  echo "FAIL: no merged results"; cat "$out"/*.log 2>/dev/null | tail -20; exit 1
fi
rows=$(($(wc -l < "$out/merged/results.csv") - 1))
[ "$rows" -eq 4 ] || { echo "FAIL: $rows rows merged, expected 4"; exit 1; }
for i in 0 1 2; do [ -f "$out/shard$i/run.json" ] || { echo "FAIL: shard $i did not run"; exit 1; }; done
echo "PASS: 4 points in 3 array tasks, merged"
