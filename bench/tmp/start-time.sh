#!/usr/bin/env bash
# Times a compiled server start as the journeys do (2000 accounts, fresh PGlite), to /api/docs/json.
cd /work/main
DIR=$(mktemp -d); [ -n "$TPL" ] && cp -r $TPL $DIR/pg
PORT=47123
start=$(date +%s.%N)
NODE_ENV=development PORT=$PORT DATA_DIR=$DIR PUBLIC_URL=http://localhost:$PORT LOG_LEVEL=info SANDBOX_ACCOUNTS=2000 \
SANDBOX_ANCHOR=2026-08-01T00:00:00Z SANDBOX_CLOCK_SPEED=0 LIVE_ENABLED=false \
node $NODE_EXTRA apps/server/dist/main.mjs > $DIR/log 2>&1 &
pid=$!
until curl -sf http://localhost:$PORT/api/docs/json > /dev/null; do sleep 0.1; done
end=$(date +%s.%N)
echo "ready in $(echo "$end - $start" | bc) s"
sleep ${HOLD:-0}
kill -INT $pid; wait $pid
node -e "const fs=require(\"fs\");const l=fs.readFileSync(process.argv[1],\"utf8\").split(\"\\n\").filter(Boolean);let t0=null;for(const x of l){try{const j=JSON.parse(x);t0??=j.time;console.log(((j.time-t0)/1000).toFixed(2),j.msg?.slice(0,110))}catch{console.log(\"raw\",x.slice(0,120))}}" $DIR/log | head -30
rm -rf $DIR
