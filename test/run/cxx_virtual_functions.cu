// RUN: %cucpu -O2 %s -o %t && %t | FileCheck %s
// RUN: %cucpu -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %cucpu -O3 -fno-cucpu-loop-interchange %s -o %t3 && %t3 | FileCheck %s
// CHECK: PASS

// Virtual functions in device code, checked against the same classes run on
// the host: objects built in device code and called through pointers and
// references to their bases; overrides across three levels; a pure virtual
// function called from a base-class method; a second, non-primary
// polymorphic base (its `this` is not the object's); qualified calls that
// name the function; a covariant return type; virtual calls from
// constructors (the class under construction's function) and copies that
// slice (the copy's class's function); arrays of objects; delegating constructors; dispatch that differs between the
// threads of a block, inside a loop; a virtual destructor with an empty body.

#include <cstdio>

struct Shape {
  float scale;
  __host__ __device__ explicit Shape(float s) : scale(s) {}
  __host__ __device__ virtual ~Shape() {}
  __host__ __device__ virtual float area() const = 0;
  __host__ __device__ virtual int sides() const { return 0; }
  __host__ __device__ float scaledArea() const { return scale * area(); }
};

struct Square : Shape {
  float side;
  __host__ __device__ explicit Square(float s) : Shape(1.0f), side(s) {}
  __host__ __device__ float area() const override { return side * side; }
  __host__ __device__ int sides() const override { return 4; }
};

struct Cube final : Square {
  __host__ __device__ explicit Cube(float s) : Square(s) { scale = 6.0f; }
  __host__ __device__ int sides() const override { return 12; }
};

struct Triangle : Shape {
  float base, height;
  __host__ __device__ Triangle(float b, float h)
      : Shape(0.5f), base(b), height(h) {}
  __host__ __device__ float area() const override { return base * height; }
  __host__ __device__ int sides() const override { return 3; }
};

struct Counter {
  int count;
  // Called from the constructor: the class under construction's function.
  __host__ __device__ Counter() : count(0) { count = start(); }
  __host__ __device__ virtual int start() const { return 10; }
  __host__ __device__ virtual int step(int i) const { return count + i; }
};

// Shape is the primary base (offset 0); Counter is the second base, at an
// offset: calls through a Counter* reach Labelled's functions with `this`
// moved back to the whole object.
struct Labelled : Shape, Counter {
  int label;
  __host__ __device__ explicit Labelled(int l) : Shape(2.0f), label(l) {}
  __host__ __device__ float area() const override { return float(label); }
  __host__ __device__ int start() const override { return 20; }
  __host__ __device__ int step(int i) const override {
    return label * 100 + count + i;
  }
  __host__ __device__ virtual Labelled *self() { return this; }
};

struct Node {
  int value;
  __host__ __device__ explicit Node(int v) : value(v) {}
  __host__ __device__ virtual Node *next() { return this; }
  __host__ __device__ virtual int weight() const { return value; }
};
struct Leaf : Node {
  __host__ __device__ explicit Leaf(int v) : Node(v) {}
  // Covariant: a Leaf* where Node's function returns a Node*.
  __host__ __device__ Leaf *next() override { return this; }
  __host__ __device__ int weight() const override { return value * 3; }
};

// Arrays of objects are built element by element with the default
// constructor.
struct Dot : Node {
  __host__ __device__ Dot() : Node(7) {}
  __host__ __device__ int weight() const override { return value + 1; }
};

// A delegating constructor: the target builds the object, tag included.
struct Delegating : Node {
  int extra;
  __host__ __device__ Delegating() : Delegating(4) { extra += 1; }
  __host__ __device__ explicit Delegating(int e) : Node(e * 2), extra(e) {}
  __host__ __device__ int weight() const override { return value + extra; }
};

__host__ __device__ float areaOf(const Shape &s) { return s.area(); }
__host__ __device__ int sidesOf(const Shape *s) { return s->sides(); }
__host__ __device__ int countFrom(const Counter &c, int i) { return c.step(i); }
__host__ __device__ int weightByValue(Node n) { return n.weight(); }

constexpr int kOutputs = 16;

// One thread's results, on the host or the device.
__host__ __device__ void compute(int t, int *out) {
  Square square(float(t % 5 + 1));
  Cube cube(float(t % 3 + 1));
  Triangle triangle(float(t % 4 + 1), 2.0f);
  Labelled labelled(t % 7);
  Shape *shapes[3] = {&square, &cube, &triangle};
  Shape *mine = shapes[t % 3];

  out[0] = int(areaOf(*mine));
  out[1] = sidesOf(mine);
  out[2] = int(mine->scaledArea());
  out[3] = int(cube.Square::area()) + cube.Shape::sides();
  int sum = 0;
  for (int i = 0; i < 3 + t % 4; ++i)
    sum += shapes[(t + i) % 3]->sides() * (i + 1);
  out[4] = sum;
  Counter plain;
  Counter *counters[2] = {&plain, &labelled};
  out[5] = countFrom(*counters[t & 1], t);
  out[6] = labelled.count;
  out[7] = int(labelled.scaledArea());
  out[8] = labelled.self()->label;
  Leaf leaf(t);
  Node node(t + 1);
  Node *nodes[2] = {&node, &leaf};
  out[9] = nodes[t & 1]->next()->weight();
  out[10] = weightByValue(leaf); // Sliced: Node's weight.
  Node copy = leaf;
  out[11] = copy.weight();
  Node assigned(0);
  assigned = leaf; // Assignment keeps the target's class.
  out[12] = assigned.weight();
  out[13] = sidesOf(&cube);
  Dot dots[2][3];
  Node *dot = &dots[t & 1][t % 3];
  out[14] = dot->weight() * 10 + dots[1][2].value;
  Delegating delegating;
  Delegating direct(t);
  Node *delegated[2] = {&delegating, &direct};
  out[15] = delegated[t & 1]->weight();
}

__global__ void kernel(int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    compute(t, out + t * kOutputs);
}

int main() {
  const int n = 300;
  int *out;
  cudaMallocManaged(&out, n * kOutputs * sizeof(int));
  kernel<<<(n + 63) / 64, 64>>>(out, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: the kernel failed\n");
    return 1;
  }
  int bad = 0;
  for (int t = 0; t < n; ++t) {
    int want[kOutputs];
    compute(t, want);
    for (int j = 0; j < kOutputs; ++j)
      if (out[t * kOutputs + j] != want[j] && bad++ < 10)
        printf("thread %d output %d: %d, want %d\n", t, j,
               out[t * kOutputs + j], want[j]);
  }
  cudaFree(out);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
