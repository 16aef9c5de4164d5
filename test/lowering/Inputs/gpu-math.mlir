// The math operations whose GPU lowering gpu-math-accuracy.test measures,
// as functions the test's C++ program calls.
func.func @gpu_exp(%x: f64) -> f64 {
  %0 = math.exp %x : f64
  return %0 : f64
}
func.func @gpu_log(%x: f64) -> f64 {
  %0 = math.log %x : f64
  return %0 : f64
}
func.func @gpu_log2(%x: f64) -> f64 {
  %0 = math.log2 %x : f64
  return %0 : f64
}
func.func @gpu_log10(%x: f64) -> f64 {
  %0 = math.log10 %x : f64
  return %0 : f64
}
func.func @gpu_log10f(%x: f32) -> f32 {
  %0 = math.log10 %x : f32
  return %0 : f32
}
func.func @gpu_sinf(%x: f32) -> f32 {
  %0 = math.sin %x : f32
  return %0 : f32
}
func.func @gpu_cosf(%x: f32) -> f32 {
  %0 = math.cos %x : f32
  return %0 : f32
}
func.func @gpu_powf(%x: f32, %y: f32) -> f32 {
  %0 = math.powf %x, %y : f32
  return %0 : f32
}
func.func @gpu_log1p(%x: f64) -> f64 {
  %0 = math.log1p %x : f64
  return %0 : f64
}
func.func @gpu_expm1(%x: f64) -> f64 {
  %0 = math.expm1 %x : f64
  return %0 : f64
}
