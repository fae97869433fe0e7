# Workforce API. On a fresh machine: `make run` (serve on :3000) and `make test` (the suite).
#
# Node 24 LTS: the machine's own when new enough (>= 22.17), else installed from the npm registry
# into .tools/ (a plain package with the binary inside) and put first on PATH for every recipe.
NODE_VERSION := 24.21.0
NODE_OS := $(shell uname -s | tr A-Z a-z)
NODE_ARCH := $(patsubst x86_64,x64,$(patsubst aarch64,arm64,$(shell uname -m)))
NODE_PKG := node-$(NODE_OS)-$(NODE_ARCH)
TOOLS_BIN := $(CURDIR)/.tools/node_modules/$(NODE_PKG)/bin
SYSTEM_NODE_OK := $(shell node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=17)?0:1)' 2>/dev/null && echo yes)
ifneq ($(SYSTEM_NODE_OK),yes)
export PATH := $(TOOLS_BIN):$(PATH)
NODE_DEP := $(TOOLS_BIN)/node
endif
export npm_config_update_notifier := false
export npm_config_fund := false
export npm_config_audit := false

# Project binaries are run directly, not through npx: npx adds a second of start-up and does not
# pass SIGTERM on to its child (a server stopped that way kept running).
BIN := node_modules/.bin

.PHONY: run test check typecheck lint format structure openapi docs bench install build clean

$(TOOLS_BIN)/node:
	npm install --prefix .tools --no-save --no-package-lock $(NODE_PKG)@$(NODE_VERSION)

# Reinstalled whenever package.json or the lock file changes.
node_modules/.installed: package.json package-lock.json | $(NODE_DEP)
	npm ci --no-audit --no-fund
	touch $@

## The service compiled to plain JavaScript in dist/ (tsconfig.build.json), and bundled from it in
## dist/bundle/ (esbuild), what bin/wfm, `make run` and the tests' server processes run; the tests
## in the suite's own process run dist/. bin/wfm's own rebuild check: tsc -b rebuilds only what changed
## since dist/.tsbuildinfo, the bundle only after it (0.1 s when nothing changed).
build: node_modules/.installed
	bin/wfm --build

install: node_modules/.installed build

## Serve on :3000 (PORT); embedded PostgreSQL (PGlite) under ./var unless DATABASE_URL is set.
run: install
	bin/wfm serve --seed-demo

## The structure checks, then the whole suite, on the compiled service, against the PostgreSQL
## server on 127.0.0.1:5432 (TEST_DATABASE_URL overrides).
test: install structure
	$(BIN)/vitest run

typecheck: install
	$(BIN)/tsc --noEmit

lint: install
	$(BIN)/biome check .

format: install
	$(BIN)/biome check --write .

## Imports run one way, server/ → routers/ → core/ → db/, without cycles
## (dependency-cruiser, .dependency-cruiser.cjs), and packages/ apart from them; no unused file, export or
## dependency (knip, knip.jsonc).
structure: install
	$(BIN)/depcruise --config .dependency-cruiser.cjs server routers core db packages
	$(BIN)/knip

## Typecheck, lint/format check, the structure checks and the tests.
check: typecheck lint test

## Regenerate the committed OpenAPI document and what is generated from the same procedures: the REST
## client's types (packages/client) and the tRPC router type (packages/trpc).
openapi: install
	bin/wfm openapi --out openapi.json
	$(BIN)/tsx packages/client/scripts/generateTypes.ts
	$(BIN)/tsx packages/trpc/scripts/generateRouterType.ts

## A static HTML reference of the committed openapi.json (paths, schemas, webhooks): Redoc with its
## scripts inlined, so the page opens offline; always rebuilt. DOCS_OUT writes it elsewhere.
## Telemetry and the update check off: the build reads nothing from the network.
DOCS_OUT ?= docs/site/index.html
docs: node_modules/.installed
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true $(BIN)/redocly build-docs openapi.json --inlineBundle --output $(DOCS_OUT)

## Throughput, latency, start-up and memory against a seeded server (BENCH_SIZES=10000,1000000).
bench: install
	$(BIN)/tsx bench/run.ts

clean:
	rm -rf node_modules .tools var dist
