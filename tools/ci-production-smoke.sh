#!/usr/bin/env bash
# CI: Sortie as an operator installs it, outside the workspace. Builds, installs the server with
# its production dependencies only (pnpm deploy --prod) and the packed CLI (npm install -g of its
# tarball) in a scratch folder, creates the first admin with sortie-admin, starts the server with
# node on a free port and a scratch data folder, signs in over HTTP, creates an API key, and runs
# the installed CLI against the server. Prints the install's size and the server's start time.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "ci-smoke: $*"; }
fail() { echo "ci-smoke: ÉCHEC — $*" >&2; [ -f "${log:-}" ] && { echo "--- journal du serveur ---" >&2; tail -n 40 "$log" >&2; }; exit 1; }

work=$(mktemp -d /tmp/sortie-smoke.XXXXXX)
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
log="$work/server.log"

say "construction (pnpm build)"
pnpm build >/dev/null

say "installation du serveur (pnpm deploy --prod) et de la CLI (npm pack, npm install -g)"
pnpm --filter @sortie/server deploy --prod "$work/server" >/dev/null
cli_tgz=$(node packages/cli/scripts/pack.mjs "$work" 2>/dev/null | tail -n 1)
npm install -g --prefix "$work/npm" "$cli_tgz" >/dev/null 2>&1 || fail "npm install -g $cli_tgz"
sortie="$work/npm/bin/sortie"
size_mb=$(du -sm "$work/server" | cut -f1)

# Nothing below may reach the repository: run from a folder of its own.
mkdir -p "$work/run" && cd "$work/run"
export NODE_ENV=production SORTIE_DATA_DIR="$work/data" HOST=127.0.0.1
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
base="http://127.0.0.1:$port"
email=ci-admin@exemple.fr
password="ci-$(node -e "console.log(require('node:crypto').randomBytes(12).toString('hex'))")"

say "premier administrateur (sortie-admin create-admin, mot de passe sur l’entrée standard)"
printf '%s\n' "$password" | node "$work/server/dist/admin.mjs" create-admin --email "$email" --name "Admin CI" || fail "create-admin"

say "démarrage du serveur : node dist/main.mjs sur le port $port"
started=$(date +%s%N)
PORT=$port node "$work/server/dist/main.mjs" >"$log" 2>&1 &
server_pid=$!
for _ in $(seq 1 900); do
  curl -sf "$base/api/ready" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || fail "le serveur s’est arrêté au démarrage"
  sleep 0.1
done
curl -sf "$base/api/ready" >/dev/null || fail "le serveur ne répond pas sur /api/ready"
start_ms=$(( ($(date +%s%N) - started) / 1000000 ))
# Read the page whole before matching: under pipefail, `curl | grep -q` fails whenever grep stops
# reading at the first match while curl still writes (SIGPIPE), which a larger home page makes likely.
home=$(curl -sf -H 'accept: text/html' "$base/") || fail "l’application web ne répond pas sur /"
[[ "$home" == *'<html'* ]] || fail "l’application web n’est pas servie"

say "connexion en HTTP"
json() { node -e "let d='';process.stdin.on('data',c=>d+=c).on('end',()=>{const v=JSON.parse(d)$1;if(v===undefined)process.exit(1);console.log(v)})"; }
id_token=$(curl -sf "$base/api/identity/signIn" -H 'content-type: application/json' -d "{\"email\":\"$email\",\"password\":\"$password\"}" | json '.idToken') || fail "identity/signIn"
login=$(curl -sf "$base/api/auth/login/web" -H 'content-type: application/json' -d "{\"idToken\":\"$id_token\"}") || fail "auth/login/web"
[ "$(echo "$login" | json '.user.roles.join()')" = admin ] || fail "le compte créé n’est pas admin : $login"
session=$(echo "$login" | json '.sessionToken')

say "clé d’API (POST /api/me/apiKeys)"
status=$(curl -s -o "$work/key.json" -w '%{http_code}' "$base/api/me/apiKeys" -H 'content-type: application/json' -H "cookie: sortie_session=$session" -d '{"name":"ci","scopes":["links"]}')
api_key=
if [ "$status" = 201 ]; then
  api_key=$(json '.key' <"$work/key.json") || fail "réponse sans clé : $(cat "$work/key.json")"
elif [ "$status" = 404 ]; then
  say "AVERTISSEMENT : POST /api/me/apiKeys n’existe pas encore — étapes avec clé sautées"
else
  fail "POST /api/me/apiKeys a répondu $status : $(cat "$work/key.json")"
fi

say "CLI installée : sortie --version, sortie links create"
expected=$(node -e "console.log(require('$work/npm/lib/node_modules/sortie-cli/package.json').version)")
[ "$("$sortie" --version)" = "$expected" ] || fail "sortie --version"
if [ -n "$api_key" ]; then
  # The CLI learns SORTIE_API_KEY with the API keys (issue 21): until its bundle reads it, say so and skip.
  if grep -q SORTIE_API_KEY "$work/npm/lib/node_modules/sortie-cli/sortie.mjs"; then
    out=$(SORTIE_API_KEY="$api_key" SORTIE_API_URL="$base" "$sortie" --json links create https://example.org/ci --code ci-smoke) || fail "sortie links create : $out"
    [[ "$out" == *'"ci-smoke"'* ]] || fail "sortie links create n’a pas créé ci-smoke : $out"
    [[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/r/ci-smoke")" =~ ^30[0-9]$ ]] || fail "/r/ci-smoke ne redirige pas"
  else
    say "AVERTISSEMENT : la CLI ne lit pas encore SORTIE_API_KEY — links create avec une clé sauté"
  fi
fi

say "sauvegarde à chaud (sortie-admin backup), restauration dans un dossier vide"
node "$work/server/dist/admin.mjs" backup "$work/backup.tar.gz" || fail "sortie-admin backup"
restored=$(node "$work/server/dist/admin.mjs" restore "$work/backup.tar.gz" --data "$work/restored") || fail "sortie-admin restore"
echo "$restored"
node "$work/server/dist/admin.mjs" restore "$work/backup.tar.gz" --data "$work/restored" 2>/dev/null && fail "restore a écrit par-dessus une base"

say "OK — installation de production : ${size_mb} Mo (serveur et dépendances), prêt en ${start_ms} ms"
