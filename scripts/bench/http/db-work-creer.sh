#!/usr/bin/env bash
# The database work per planting of two builds (each: npm install && npm run build), from the
# database's own counters, which a busy machine does not distort:
#   bash scripts/bench/http/db-work-creer.sh DIR_A DIR_B
# Both start (npm start, each on its own embedded PostgreSQL) and are loaded one after the other:
# after a warm-up, AMOUNT (default 400)
# plantings at 10 connections, then, once every event is dispatched, the pg_stat_database deltas
# (transactions, tuples, buffers) and the tables that changed (pg_stat_all_tables), per planting.
set -u
A="$1"; B="$2"; AMOUNT="${AMOUNT:-400}"
AC="${BENCH_WORK:-/tmp/memorial-bench}/node_modules/.bin/autocannon"
[ -x "$AC" ] || (mkdir -p "${BENCH_WORK:-/tmp/memorial-bench}" && cd "${BENCH_WORK:-/tmp/memorial-bench}" && npm install --no-audit --no-fund --no-save autocannon@8 >/dev/null 2>&1)
RUN="$(mktemp -d /tmp/dbc.XXXX)"; pids=()
cleanup() { for p in "${pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null; done; sleep 3; for p in "${pids[@]}"; do kill -KILL -- "-$p" 2>/dev/null; done; }
trap cleanup EXIT
start() { (cd "$1" && DATA_DIR="$RUN/$3" PORT=$2 HOST=127.0.0.1 APP_URL=http://127.0.0.1:$2 exec setsid npm start > "$RUN/$3.log" 2>&1) & pids+=("$!"); }
start "$A" 3721 a; start "$B" 3722 b
for p in 3721 3722; do for i in $(seq 1 180); do curl -s -o /dev/null "http://127.0.0.1:$p/v1/Especes" && break; sleep 1; done; done
BODY='{"Defunt":{"Nom":"Dupont","Prenom":"Marie","DateDeces":"2026-11-01T00:00:00Z"},"DeLaPartDe":"Famille","Langue":"fr"}'
q() { PGPORT="$(sed -n 4p "$RUN/$1/postgres/postmaster.pid")"; PGPASSWORD="$(cat "$RUN/$1/postgres-password")" psql -h 127.0.0.1 -p "$PGPORT" -U postgres memorial -Atc "$2"; }
TSTATS="select schemaname||'.'||relname||'|'||n_tup_ins||'|'||n_tup_upd||'|'||n_tup_del||'|'||coalesce(idx_scan,0)+coalesce(seq_scan,0) from pg_stat_all_tables where n_tup_ins+n_tup_upd+n_tup_del+coalesce(idx_scan,0)+coalesce(seq_scan,0) > 0 and schemaname not in ('pg_catalog','pg_toast','information_schema')"
STATS="select xact_commit+xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted, blks_hit+blks_read from pg_stat_database where datname='memorial'"
for x in a:3721:$A b:3722:$B; do IFS=: read n p dir <<< "$x"
  KEY="$(grep -o 'live key (shown once): [^ ]*' "$RUN/$n.log" | awk '{print $NF}')"
  PAIRS="$(curl -s -H "key: $KEY" "http://127.0.0.1:$p/v1/Plantations?Limite=1000" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const p of JSON.parse(s).Plantations)for(const e of p.Especes)console.log(p.PlantationId,e.EspeceId)})')"
  while read -r pl sp; do (cd "$dir" && DATA_DIR="$RUN/$n" npm run -s cli -- stock add --plantation "$pl" --species "$sp" --trees 200000 >/dev/null 2>&1); done <<< "$PAIRS"
  "$AC" -c 10 -a 200 -m POST -H "key=$KEY" -H 'content-type=application/json' -b "$BODY" "http://127.0.0.1:$p/v1/Memorials/Creer" >/dev/null 2>&1
  sleep 5; q $n "select pg_stat_clear_snapshot()" >/dev/null
  before="$(q $n "$STATS")"; q $n "$TSTATS" > "$RUN/t0-$n"
  t0=$(date +%s.%N); "$AC" -c 10 -a "$AMOUNT" -m POST -H "key=$KEY" -H 'content-type=application/json' -b "$BODY" "http://127.0.0.1:$p/v1/Memorials/Creer" >/dev/null 2>&1
  echo "$n: $(node -e "console.log(($AMOUNT/($(date +%s.%N)-$t0)).toFixed(0))") plantings/s"; for i in $(seq 1 60); do [ "$(q $n "select count(*) from domain_event where dispatched_at is null")" = 0 ] && break; sleep 1; done
  sleep 2; after="$(q $n "$STATS")"; q $n "$TSTATS" > "$RUN/t1-$n"
  node -e 'const fs=require("fs");const rd=f=>Object.fromEntries(fs.readFileSync(f,"utf8").trim().split("\n").map(l=>{const [k,...v]=l.split("|");return [k,v.map(Number)]}));const a=rd(process.argv[1]),b=rd(process.argv[2]),n=+process.argv[3];for(const k of Object.keys(b)){const d=b[k].map((v,i)=>((v-(a[k]?.[i]??0))/n).toFixed(2));if(d.some(x=>+x>0.05))console.log("  ",k.padEnd(40),"ins",d[0],"upd",d[1],"del",d[2],"scans",d[3])}' "$RUN/t0-$n" "$RUN/t1-$n" "$AMOUNT"
  node -e 'const [b,a,n]=[process.argv[1].split("|"),process.argv[2].split("|"),+process.argv[3]];const names=["xacts","returned","fetched","inserted","updated","deleted","blocks"];console.log(process.argv[4], names.map((k,i)=>k+"="+((a[i]-b[i])/n).toFixed(1)).join(" "))' "$before" "$after" "$AMOUNT" "$n"
done
