# The two commands of the README. Both do all set-up on a fresh Debian 12 machine.
BUILD_DIR ?= build
JOBS ?= 2
LLVM_DIR ?= /usr/lib/llvm-22

.PHONY: all deps configure build demo check clean

all: build

deps:
	./scripts/install-deps

$(BUILD_DIR)/build.ninja: | deps
	cmake -G Ninja -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_COMPILER=$(LLVM_DIR)/bin/clang -DCMAKE_CXX_COMPILER=$(LLVM_DIR)/bin/clang++

configure: $(BUILD_DIR)/build.ninja

build: deps configure
	ninja -C $(BUILD_DIR) -j $(JOBS)

demo: build
	$(BUILD_DIR)/bin/cucpu -O2 examples/vector_add.cu -o $(BUILD_DIR)/vector_add
	$(BUILD_DIR)/vector_add

check: build
	ninja -C $(BUILD_DIR) -j $(JOBS) check-cucpu

clean:
	rm -rf $(BUILD_DIR)
