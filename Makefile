# The two commands that work on a fresh machine: `make demo` and `make test`.
SWIFT ?= swift
BIN := .build/debug/vitrine
RELEASE_BIN := .build/release/vitrine

.PHONY: setup build release demo test test-swift test-clean-clone test-tsan fuzz fuzz-images bench example-shop clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

## Set-up, build the app (only what `vitrine` needs), and run it against the embedded backend.
demo: setup
	$(SWIFT) build --product vitrine
	$(BIN) app

## Set-up and every test.
test: setup test-swift
	scripts/package_graph_test.py
	scripts/contract_test.sh
	scripts/metrics_test.sh
	scripts/schema_test.sh
	scripts/docs_commands_test.sh

## The tests again from a copy of the repository in a fresh directory (as CI does).
test-clean-clone: setup
	scripts/clean_clone_test.sh

## Every Swift test; scripts/swift_test.sh names the unfinished tests and fails the run if the test process stalls.
test-swift:
	scripts/swift_test.sh

## The runtime and retail data layer tests and the two-thread JPEG thumbnail decoder under
## Thread Sanitizer (scripts/tsan-suppressions.txt says why the in-process backend is suppressed).
test-tsan: setup
	TSAN_OPTIONS="suppressions=$(CURDIR)/scripts/tsan-suppressions.txt" \
		$(SWIFT) test --sanitize=thread --filter 'FlowRuntimeTests|RetailKitTests|JPEGThumbnailDecoderTests'

## Fuzzes the page decoder with libFuzzer for FUZZ_SECONDS (not part of `make test`).
FUZZ_SECONDS ?= 300
fuzz: setup
	scripts/fuzz.sh $(FUZZ_SECONDS)

## Fuzzes the JPEG thumbnail decoder against libjpeg-turbo (ASan, UBSan) for FUZZ_SECONDS.
fuzz-images: setup
	scripts/fuzz_images.sh $(FUZZ_SECONDS)

## Every benchmark, in release mode.
bench: release
	@scripts/setup.sh wrk nginx
	$(RELEASE_BIN) bench decode
	$(RELEASE_BIN) bench runtime
	$(RELEASE_BIN) bench images
	$(RELEASE_BIN) bench render
	$(RELEASE_BIN) bench home
	$(RELEASE_BIN) bench app
	$(RELEASE_BIN) bench serve
	$(RELEASE_BIN) bench cart
	$(RELEASE_BIN) bench slow-clients

## Writes the demo shop the example app bundles (Examples/VitrineShop.swiftpm/App/Resources/DemoShop),
## composed at EXAMPLE_SHOP_INSTANT; `make test` fails while the bundled copy differs from it.
EXAMPLE_SHOP_INSTANT ?= 2026-12-01T10:00:00Z
example-shop: setup
	$(SWIFT) build --product vitrine
	$(BIN) serve --export-shop Examples/VitrineShop.swiftpm/App/Resources/DemoShop --now $(EXAMPLE_SHOP_INSTANT)

clean:
	rm -rf .build
