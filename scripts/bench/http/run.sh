#!/usr/bin/env bash
# Side-by-side throughput of the service against two floors, in one run on one machine:
#   - floor-app/: a Next.js app of the same version whose route handler does no work, and a
#     static page of about a memorial page's size (the framework's own limit);
#   - bare-creer.mjs: node:http + pg executing the same SQL statements as a planting of a new
#     memorial with one tree, in one transaction, on the same database (the database's limit).
#
#   npm run bench:http   (= scripts/bench/http/run.sh .; the project built: npm run build)
# The project's copy of the shared benchmark: bare-creer.mjs here sends exactly the statements the
# project sends for a planting today (see its header; checked before measuring, same-statements.mjs),
# the plantings name another deceased in each request (creer-load.mjs), and the database password is
# read from DATA_DIR when the embedded database keeps one there.
#
# Starts the project with `npm start` on a fresh DATA_DIR (embedded PostgreSQL), adds stock, then
# runs autocannon (CONN=20 connections, DURATION=12 s after a 2 s warm-up) on each target, two
# rounds interleaved, and prints each figure and the ratios. The machine is shared and noisy:
# compare ratios from one run, never absolute figures across runs.
set -u -o pipefail
BENCH="$(cd "$(dirname "$0")" && pwd)"
P="$(cd "$1" && pwd)"; D="${DURATION:-12}"; C="${CONN:-20}"
RUN="$(mktemp -d /tmp/bench.XXXX)"
PP="${PORT_PROJECT:-3701}"; PB="${PORT_BARE:-3702}"; PF="${PORT_FLOOR:-3703}"
export NEXT_TELEMETRY_DISABLED=1
# Tools and the floor app's build live in a work folder outside shared/ (BENCH_WORK).
WORK="${BENCH_WORK:-/tmp/memorial-bench}"; mkdir -p "$WORK"
[ -x "$WORK/node_modules/.bin/autocannon" ] || (cd "$WORK" && npm install --no-audit --no-fund --no-save --prefix "$WORK" autocannon@8 >/dev/null 2>&1)
if [ ! -f "$WORK/floor-app/.next/BUILD_ID" ]; then
  rm -rf "$WORK/floor-app"; cp -r "$BENCH/floor-app" "$WORK/floor-app"
  (cd "$WORK/floor-app" && npm install --no-audit --no-fund >/dev/null 2>&1 && npx next build >/dev/null 2>&1) || { echo "floor app build failed"; exit 1; }
fi
AC="$WORK/node_modules/.bin/autocannon"
pids=()
cleanup() { for p in "${pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null; done; sleep 3; for p in "${pids[@]}"; do kill -KILL -- "-$p" 2>/dev/null; done; }
trap cleanup EXIT
(cd "$P" && DATA_DIR="$RUN/data" API_RATE_LIMIT=0 PORT=$PP APP_URL=http://127.0.0.1:$PP exec setsid npm start > "$RUN/project.log" 2>&1) & pids+=("$!")
(cd "$WORK/floor-app" && exec setsid npx next start -p $PF -H 127.0.0.1 > "$RUN/floor.log" 2>&1) & pids+=("$!")
# Ready once /readyz says so (migrations applied, database answering, jobs running): before, the
# API answers 503.
for i in $(seq 1 180); do curl -sf -o /dev/null "http://127.0.0.1:$PP/readyz" && break; sleep 1; done
KEY="$(grep -o 'live key (shown once): [^ ]*' "$RUN/project.log" | awk '{print $NF}')"
PGPORT="$(sed -n 4p "$RUN/data/postgres/postmaster.pid")"
PGPASS="postgres"; for f in "$RUN/data/postgres-password" "$RUN/data/db-password"; do [ -f "$f" ] && PGPASS="$(cat "$f")"; done
[ -n "$KEY" ] && [ -n "$PGPORT" ] || { echo "the project did not start (log: $RUN/project.log)"; exit 1; }
echo "run folder: $RUN"
PAIRS="$(curl -s -H "key: $KEY" "http://127.0.0.1:$PP/v1/Plantations?Limite=1000" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const p of JSON.parse(s).Plantations)for(const e of p.Especes)console.log(p.Id,e.EspeceId)})')"
while read -r pl sp; do (cd "$P" && DATA_DIR="$RUN/data" npm run -s cli -- stock add --plantation "$pl" --species "$sp" --trees 200000 >/dev/null 2>&1); done <<< "$PAIRS"
(cd "$BENCH" && PG_MODULE="$P/node_modules/pg" DATABASE_URL="postgresql://postgres:$PGPASS@127.0.0.1:$PGPORT/memorial" PORT=$PB exec setsid node bare-creer.mjs > "$RUN/bare.log" 2>&1) & pids+=("$!")
for i in $(seq 1 60); do curl -s -o /dev/null "http://127.0.0.1:$PF/api/trivial" && curl -s -o /dev/null "http://127.0.0.1:$PB/v1/Especes" && break; sleep 1; done
BODY='{"Defunt":{"Nom":"Dupont","Prenom":"Marie","DateDeces":"2026-11-01T00:00:00Z"},"DeLaPartDe":"Famille","Langue":"fr"}'
M="$(curl -s -X POST -H "key: $KEY" -H 'content-type: application/json' -d "$BODY" "http://127.0.0.1:$PP/v1/Memorials/Creer" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).IdMemorial))')"
for i in 1 2 3; do curl -s -o /dev/null -X POST -H "key: $KEY" -H 'content-type: application/json' -d "{\"MemorialId\":$M,\"DeLaPartDe\":\"Ami $i\",\"Message\":\"En souvenir\"}" "http://127.0.0.1:$PP/v1/Memorials/Creer"; done
# The floor must send exactly the statements of a planting. One planting of each is
# logged by PostgreSQL and compared (same-statements.mjs); a difference stops the run.
pg_sql() { PGPASSWORD="$PGPASS" psql -h 127.0.0.1 -p "$PGPORT" -U postgres memorial -Atqc "$1" >/dev/null; }
pg_sql "ALTER SYSTEM SET log_statement = 'all'"; pg_sql "ALTER SYSTEM SET log_line_prefix = '%a|%p|'"; pg_sql "SELECT pg_reload_conf()"
sleep 1; FROM=$(( $(wc -l < "$RUN/data/postgres.log") + 1 ))
for port in $PP $PB; do curl -s -o /dev/null -X POST -H "key: $KEY" -H 'content-type: application/json' -d "$BODY" "http://127.0.0.1:$port/v1/Memorials/Creer"; done
sleep 1; pg_sql "ALTER SYSTEM RESET log_statement"; pg_sql "ALTER SYSTEM RESET log_line_prefix"; pg_sql "SELECT pg_reload_conf()"
node "$BENCH/same-statements.mjs" "$RUN/data/postgres.log" "$FROM" || exit 1
declare -A SUM
# bare-creer.mjs writes the planting's domain events too, and the project's job runner
# dispatches them afterwards; without waiting, that backlog (thousands of events) would be
# dispatched during the next measurement, POST-Creer's. Each target starts once every event is
# dispatched (the project's own events of its own run are still dispatched during it, as in
# production).
settle() {
  local n waited=0
  for waited in $(seq 0 180); do
    n="$(PGPASSWORD="$PGPASS" psql -h 127.0.0.1 -p "$PGPORT" -U postgres memorial -Atc "select count(*) from domain_event where dispatched_at is null" 2>/dev/null)"
    [ "$n" = 0 ] && break; sleep 1
  done
  [ "$waited" -gt 0 ] && echo "  (waited ${waited} s for the events of the previous target to be dispatched; left: $n)"
}
# A target's load for some seconds, autocannon's JSON out: its command line, or for the plantings
# (--plantings) creer-load.mjs, which names another deceased in each request.
load() { # seconds url [--plantings | autocannon args...]
  local seconds="$1" url="$2"; shift 2
  if [ "${1:-}" = "--plantings" ]; then
    AUTOCANNON="$WORK/node_modules/autocannon" node "$BENCH/creer-load.mjs" "$url" "$KEY" "$C" "$seconds" "${2:-spread}"
  else "$AC" -j -c "$C" -d "$seconds" "$@" "$url"; fi
}
# CPU milliseconds of a session's Node processes and PostgreSQL's since the last call for it
# (cpu-split.mjs): the project's session holds its HTTP server, job workers and embedded database.
cpu() { node "$BENCH/cpu-split.mjs" "$RUN/cpu-$1.json" "$1"; }
measure() { # name url [--plantings | autocannon args...]
  local name="$1" url="$2"; shift 2
  # The session serving the URL: the project's, the floor app's or the bare SQL server's.
  local sid="${pids[0]}"
  case "$url" in *":$PF/"*) sid="${pids[1]}";; *":$PB/"*) sid="${pids[2]}";; esac
  settle
  load 2 "$url" "$@" >/dev/null 2>&1
  cpu "$sid" >/dev/null; cpu "${pids[0]}" >/dev/null
  local line cpu_target cpu_project
  line="$(load "$D" "$url" "$@" 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log(j["2xx"],(j["2xx"]/j.duration).toFixed(0),j.non2xx,j.errors,j.latency.p50,j.latency.p99)})')"
  cpu_target="$(cpu "$sid")"; cpu_project="$cpu_target"
  [ "$sid" != "${pids[0]}" ] && cpu_project="$(cpu "${pids[0]}")"
  set -- $line $cpu_target $cpu_project
  # CPU per answer: the serving process (Node), PostgreSQL, and for a floor the project's own
  # background work meanwhile (its job runner dispatching the floor's events, for the plantings).
  # ($7 $8: the serving session's Node and PostgreSQL ms; $9 ${10}: the project's, where the
  # embedded PostgreSQL runs.)
  local split
  split="$(node -e 'const [n,t,p,q]=process.argv.slice(1).map(Number);console.log(...[t,p,q].map((ms)=>(ms/n).toFixed(2)))' "$1" "$7" "${10}" "$9")"
  set -- "$@" $split
  local background=""; [ "$sid" != "${pids[0]}" ] && background=", the project's background ${13} ms"
  echo "$name: $2 req/s (2xx only), non-2xx $3, errors $4, p50 $5 ms, p99 $6 ms; CPU per answer: server ${11} ms, PostgreSQL ${12} ms$background"
  SUM[$name]=$(( ${SUM[$name]:-0} + $2 ))
}
for round in 1 2; do
  measure floor-route "http://127.0.0.1:$PF/api/trivial"
  measure GET-Especes "http://127.0.0.1:$PP/v1/Especes" -H "key=$KEY"
  measure GET-Infos "http://127.0.0.1:$PP/v1/Memorial/$M/Infos" -H "key=$KEY"
  measure bare-Creer "http://127.0.0.1:$PB/v1/Memorials/Creer" --plantings
  measure POST-Creer "http://127.0.0.1:$PP/v1/Memorials/Creer" --plantings
  measure floor-static-page "http://127.0.0.1:$PF/static"
  measure memorial-page "http://127.0.0.1:$PP/memorial/$M"
  # The home page: a light page, rendered by Next.js for each request and stripped of its runtime.
  measure home-page "http://127.0.0.1:$PP/"
done
# A planting costs the same whoever else died that day: 20 clients planting for different people
# dead on one day, then for one person who has 10,000 look-alikes already (same name, same day),
# each on the floor and on the project. The pairs of possible duplicates each planting wrote are
# counted in the database.
pairs() { PGPASSWORD="$PGPASS" psql -h 127.0.0.1 -p "$PGPORT" -U postgres memorial -Atc "select count(*) from memorial_duplicate"; }
measure_pairs() { # name url mode
  local before after
  before="$(pairs)"
  measure "$1" "$2" --plantings "$3"
  after="$(pairs)"
  echo "  $1: $(( after - before )) pair rows written during the measurement and its warm-up"
}
measure_pairs bare-Creer-same-day "http://127.0.0.1:$PB/v1/Memorials/Creer" same-day
measure_pairs POST-Creer-same-day "http://127.0.0.1:$PP/v1/Memorials/Creer" same-day
OPERATOR="$(PGPASSWORD="$PGPASS" psql -h 127.0.0.1 -p "$PGPORT" -U postgres memorial -Atc "select operator_id from api_key order by id limit 1")"
PGPASSWORD="$PGPASS" psql -h 127.0.0.1 -p "$PGPORT" -U postgres memorial -Atqc "
  WITH p AS (
    INSERT INTO person (operator_id, last_name, first_name, death_date, language)
    SELECT $OPERATOR, 'Sosie', 'Jeanne', timestamptz '2026-05-20', 'fr' FROM generate_series(1, 10000)
    RETURNING id)
  INSERT INTO memorial (operator_id, kind, status, title, person_id, language)
  SELECT $OPERATOR, 'classic', 'visible', 'Jeanne Sosie', p.id, 'fr' FROM p; ANALYZE person; ANALYZE memorial"
measure_pairs bare-Creer-look-alike "http://127.0.0.1:$PB/v1/Memorials/Creer" look-alike
measure_pairs POST-Creer-look-alike "http://127.0.0.1:$PP/v1/Memorials/Creer" look-alike
ratio() { node -e "console.log((100*$1/$2).toFixed(0)+'%')"; }
echo "ratios (both rounds summed):"
echo "  GET /v1/Especes / floor route:       $(ratio ${SUM[GET-Especes]} ${SUM[floor-route]})"
echo "  GET /v1/Memorial/{id}/Infos / floor: $(ratio ${SUM[GET-Infos]} ${SUM[floor-route]})"
echo "  POST /v1/Memorials/Creer / bare SQL: $(ratio ${SUM[POST-Creer]} ${SUM[bare-Creer]})"
echo "  /memorial/{id} / floor static page:  $(ratio ${SUM[memorial-page]} ${SUM[floor-static-page]})"
echo "  / (home, light) / floor static page:  $(ratio ${SUM[home-page]} ${SUM[floor-static-page]})"
echo "  Creer, one day's deaths / bare SQL:  $(ratio ${SUM[POST-Creer-same-day]} ${SUM[bare-Creer-same-day]})"
echo "  Creer, 10,000 look-alikes / bare:    $(ratio ${SUM[POST-Creer-look-alike]} ${SUM[bare-Creer-look-alike]})"
echo "  Creer, one day's deaths / spread:    $(ratio ${SUM[POST-Creer-same-day]} $(( ${SUM[POST-Creer]} / 2 )))"
echo "  Creer, 10,000 look-alikes / spread:  $(ratio ${SUM[POST-Creer-look-alike]} $(( ${SUM[POST-Creer]} / 2 )))"
