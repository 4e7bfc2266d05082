#!/usr/bin/env bash
# A/B planting throughput of two builds of the project (each: npm install && npm run build):
#   bash scripts/bench/http/ab-creer.sh DIR_A DIR_B
# Both run at once (npm start, each on its own embedded PostgreSQL, 200,000 trees of stock per
# species), and bursts of POST /v1/Memorials/Creer (CONN=20 connections, DURATION=6 s) alternate
# between them ROUNDS=6 times, so that the load of a shared machine weighs on both alike. Prints
# each burst, the total of 2xx answers of each and their ratio B/A, and the domain events left
# undispatched at the end (the background work kept up). B_ENV="NAME=value ..." sets B's
# environment. autocannon comes from BENCH_WORK (default /tmp/memorial-bench, see the shared run.sh).
# It also prints the CPU time each instance spent per planting (its whole process session: Node,
# the job workers and its PostgreSQL, reaped children included): on a machine shared with other
# work, throughput follows the neighbours' load but CPU per request does not, so the ratio of CPU
# per planting is the figure to trust when the machine is busy.
set -u -o pipefail
A="$1"; B="$2"; D="${DURATION:-6}"; N="${ROUNDS:-6}"; C="${CONN:-20}"
AC="${BENCH_WORK:-/tmp/memorial-bench}/node_modules/.bin/autocannon"
[ -x "$AC" ] || (mkdir -p "${BENCH_WORK:-/tmp/memorial-bench}" && cd "${BENCH_WORK:-/tmp/memorial-bench}" && npm install --no-audit --no-fund --no-save autocannon@8 >/dev/null 2>&1)
RUN="$(mktemp -d /tmp/ab.XXXX)"; echo "run folder: $RUN"
pids=()
cleanup() { for p in "${pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null; done; sleep 3; for p in "${pids[@]}"; do kill -KILL -- "-$p" 2>/dev/null; done; }
trap cleanup EXIT
start() { # dir port name
  local extra=""; [ "$3" = b ] && extra="${B_ENV:-}"; (cd "$1" && DATA_DIR="$RUN/$3" PORT=$2 HOST=127.0.0.1 APP_URL=http://127.0.0.1:$2 exec env $extra setsid npm start > "$RUN/$3.log" 2>&1) & pids+=("$!")
}
start "$A" 3711 a; start "$B" 3712 b
# CPU ticks spent by a session since the last call (see session-cpu.mjs).
cpu() { node "$(dirname "$0")/session-cpu.mjs" "$1" "$RUN/cpu-$1.json"; }
declare -A SID=([a]="${pids[0]}" [b]="${pids[1]}")
for p in 3711 3712; do for i in $(seq 1 180); do curl -s -o /dev/null "http://127.0.0.1:$p/v1/Especes" && break; sleep 1; done; done
BODY='{"Defunt":{"Nom":"Dupont","Prenom":"Marie","DateDeces":"2026-11-01T00:00:00Z"},"DeLaPartDe":"Famille","Langue":"fr"}'
declare -A KEY SUM CPU
for x in a:3711:$A b:3712:$B; do IFS=: read n p dir <<< "$x"
  KEY[$n]="$(grep -o 'live key (shown once): [^ ]*' "$RUN/$n.log" | awk '{print $NF}')"
  PAIRS="$(curl -s -H "key: ${KEY[$n]}" "http://127.0.0.1:$p/v1/Plantations?Limite=1000" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const p of JSON.parse(s).Plantations)for(const e of p.Especes)console.log(p.PlantationId,e.EspeceId)})')"
  while read -r pl sp; do (cd "$dir" && DATA_DIR="$RUN/$n" npm run -s cli -- stock add --plantation "$pl" --species "$sp" --trees 200000 >/dev/null 2>&1); done <<< "$PAIRS"
  "$AC" -c "$C" -d 3 -m POST -H "key=${KEY[$n]}" -H 'content-type=application/json' -b "$BODY" "http://127.0.0.1:$p/v1/Memorials/Creer" >/dev/null 2>&1
done
# From here on, each instance's CPU is counted from one of its bursts to the next: the burst and
# the background work that follows it.
cpu "${SID[a]}" >/dev/null; cpu "${SID[b]}" >/dev/null
for r in $(seq 1 $N); do
  for x in a:3711 b:3712; do IFS=: read n p <<< "$x"
    v="$("$AC" -j -c "$C" -d "$D" -m POST -H "key=${KEY[$n]}" -H 'content-type=application/json' -b "$BODY" "http://127.0.0.1:$p/v1/Memorials/Creer" 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log(j["2xx"],(j["2xx"]/j.duration).toFixed(1),j.non2xx,j.errors,j.latency.p50,j.latency.p99)})')"
    c="$(cpu "${SID[$n]}")"; set -- $v; SUM[$n]=$(( ${SUM[$n]:-0} + $1 )); CPU[$n]=$(( ${CPU[$n]:-0} + c ))
    echo "round $r $n: $v cpu-ms/planting $(node -e "console.log(($c * 1000 / $(getconf CLK_TCK) / Math.max(1, $1)).toFixed(2))")"
  done
done
T=$(getconf CLK_TCK)
echo "cpu ms per planting: a=$(node -e "console.log((${CPU[a]}*1000/$T/${SUM[a]}).toFixed(2))") b=$(node -e "console.log((${CPU[b]}*1000/$T/${SUM[b]}).toFixed(2))"); b/a = $(node -e "console.log(((${CPU[b]}/${SUM[b]})/(${CPU[a]}/${SUM[a]})).toFixed(3))")"
echo "total 2xx: a=${SUM[a]} b=${SUM[b]} over $N x $D s each; b/a = $(node -e "console.log((${SUM[b]}/${SUM[a]}).toFixed(3))")"
for n in a b; do PGPORT="$(sed -n 4p "$RUN/$n/postgres/postmaster.pid")"; PGPASSWORD="$(cat "$RUN/$n/postgres-password")" psql -h 127.0.0.1 -p "$PGPORT" -U postgres memorial -Atc "select '$n undispatched events: ' || count(*) from domain_event where dispatched_at is null"; done
