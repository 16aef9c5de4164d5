// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS

// Enums in device code: plain enums with implicit and explicit values,
// enum class with fixed underlying types (int8_t, uint16_t, int64_t),
// switch over enums, enums as array indices, struct members and kernel
// parameters, bitmask enums with operators, and sizeof of the enums.

#include <cstdint>
#include <cstdio>

enum Color { Red, Green = 5, Blue, Yellow = -3, Black };
enum class Op : int8_t { Add = 1, Sub, Mul = -4, Div, Min = 100 };
enum class Flag : uint16_t { None = 0, A = 1, B = 2, C = 0x100, D = 0x8000 };
enum class Big : int64_t { Small = 1, Huge = 0x123456789LL, Neg = -0x100000000LL };
enum Unscoped8 : unsigned char { U0, U1 = 200, U2 };

__host__ __device__ inline Flag operator|(Flag a, Flag b) {
  return static_cast<Flag>(static_cast<uint16_t>(a) | static_cast<uint16_t>(b));
}
__host__ __device__ inline bool has(Flag set, Flag f) {
  return (static_cast<uint16_t>(set) & static_cast<uint16_t>(f)) != 0;
}

struct Instr {
  Op op;
  Color color;
  int a, b;
};

__device__ int apply(Op op, int a, int b) {
  switch (op) {
  case Op::Add: return a + b;
  case Op::Sub: return a - b;
  case Op::Mul: return a * b;
  case Op::Div: return b != 0 ? a / b : 0;
  case Op::Min: return a < b ? a : b;
  }
  return -999;
}

__device__ int colorWeight(Color c) {
  switch (c) {
  case Red: return 1;
  case Green:
  case Blue: return (int)c * 10;     // 50, 60
  case Yellow: return c;             // implicit conversion -3
  default: return 1000 + c;          // Black = -2
  }
}

__global__ void kernel(const Instr *in, Op extraOp, Color extraColor, long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Instr ins = in[i];
  long long *o = out + i * 8;
  o[0] = apply(ins.op, ins.a, ins.b);
  o[1] = colorWeight(ins.color);
  o[2] = apply(extraOp, ins.a, i) + colorWeight(extraColor);
  Flag f = Flag::None;
  if (i & 1) f = f | Flag::A;
  if (i & 2) f = f | Flag::B;
  if (i & 4) f = f | Flag::C;
  if (i & 8) f = f | Flag::D;
  o[3] = static_cast<uint16_t>(f);
  o[4] = has(f, Flag::C) * 10 + has(f, Flag::D);
  Big bg = (i % 3 == 0) ? Big::Small : (i % 3 == 1 ? Big::Huge : Big::Neg);
  o[5] = static_cast<int64_t>(bg) * 3 + (bg == Big::Neg);
  int table[4] = {7, 11, 13, 17};
  Unscoped8 u = (i % 3 == 0) ? U0 : (i % 3 == 1 ? U1 : U2);
  o[6] = table[(int)u % 4] + u;       // unscoped promotes to int
  o[7] = (ins.op < Op::Add) + 2 * (ins.color > Green) + 4 * (int)sizeof(Op) +
         8 * (int)sizeof(Flag) + 100 * (int)sizeof(Big) + 1000 * (int)sizeof(Unscoped8);
}

static long long refApply(int op, int a, int b) {
  if (op == 1) return a + b;
  if (op == 2) return a - b;
  if (op == -4) return a * b;
  if (op == -3) return b != 0 ? a / b : 0;
  if (op == 100) return a < b ? a : b;
  return -999;
}
static long long refColor(int c) {
  if (c == 0) return 1;
  if (c == 5 || c == 6) return c * 10;
  if (c == -3) return -3;
  return 1000 + c;
}

int main() {
  const int n = 300;
  static Instr in[n];
  const Op ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Min};
  const Color colors[] = {Red, Green, Blue, Yellow, Black};
  for (int i = 0; i < n; ++i) {
    in[i].op = ops[i % 5];
    in[i].color = colors[(i / 5) % 5];
    in[i].a = i * 7 - 500;
    in[i].b = (i % 13) - 6;
  }
  Instr *din;
  long long *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, n * 8 * sizeof(long long));
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  kernel<<<3, 128>>>(din, Op::Mul, Blue, dout, n);
  if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static long long out[n * 8];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  const int opv[] = {1, 2, -4, -3, 100};
  const int colv[] = {0, 5, 6, -3, -2};
  for (int i = 0; i < n; ++i) {
    long long ref[8];
    int op = opv[i % 5], col = colv[(i / 5) % 5];
    ref[0] = refApply(op, in[i].a, in[i].b);
    ref[1] = refColor(col);
    ref[2] = refApply(-4, in[i].a, i) + 60;
    int fl = ((i & 1) ? 1 : 0) | ((i & 2) ? 2 : 0) | ((i & 4) ? 0x100 : 0) | ((i & 8) ? 0x8000 : 0);
    ref[3] = fl;
    ref[4] = ((i & 4) ? 10 : 0) + ((i & 8) ? 1 : 0);
    long long bg = (i % 3 == 0) ? 1 : (i % 3 == 1 ? 0x123456789LL : -0x100000000LL);
    ref[5] = bg * 3 + (i % 3 == 2);
    int uv = (i % 3 == 0) ? 0 : (i % 3 == 1 ? 200 : 201);
    const int table[4] = {7, 11, 13, 17};
    ref[6] = table[uv % 4] + uv;
    ref[7] = (op < 1) + 2 * (col > 5) + 4 * 1 + 8 * 2 + 100 * 8 + 1000 * 1;
    for (int k = 0; k < 8; ++k)
      if (out[i * 8 + k] != ref[k]) {
        printf("FAIL: i=%d field %d: got %lld expected %lld\n", i, k, out[i * 8 + k], ref[k]);
        return 1;
      }
  }
  printf("PASS\n");
  return 0;
}
