// The hello example plugin loaded as a user would, by --load-plugin and by
// TRIDENT_PLUGIN_PATHS: its pass runs right after tir:canonicalize and
// annotates each function.

// PIPE:      stage tir
// PIPE-NEXT:   inline
// PIPE-NEXT:   tir-rank0-to-scalars
// PIPE-NEXT:   tir-lower-block-pointers
// PIPE-NEXT:   tir-lower-descriptors
// PIPE-NEXT:   tir-combine
// PIPE-NEXT:   canonicalize
// PIPE-NEXT:   hello-annotate  [inserted by plugin 'hello']
// PIPE-NEXT:   cse
// PIPE-NEXT:   loop-invariant-code-motion
// PIPE-NEXT:   tir-flatten-loops
// PIPE-NEXT:   symbol-dce
// PIPE-NEXT: stage gir

// hello-annotate ran after canonicalize: the unused tir.get_program_id is
// already gone, so @grid counts two Tile IR ops, not three. It ran before cse:
// the duplicate `get_program_id 1` is still there.
// CHECK-LABEL: IR after stage 'tir'
// CHECK:       func.func @grid(%arg0: !tir.ptr<f32>, %arg1: !tir.ptr<f16>, %arg2: i32) -> (i32, i32)
// CHECK-SAME:    hello.program_id_axes = array<i32: 0, 1>
// CHECK-SAME:    hello.ptr_args = 2 : i64
// CHECK-SAME:    hello.tir_ops = 2 : i64
// CHECK:       func.func @dup() -> (i32, i32)
// CHECK-SAME:    hello.program_id_axes = array<i32: 1, 1>
// CHECK-SAME:    hello.ptr_args = 0 : i64
// CHECK-SAME:    hello.tir_ops = 2 : i64
// CHECK:       func.func @no_tile_ir(%arg0: f32) -> f32
// CHECK-SAME:    hello.program_id_axes = array<i32>
// CHECK-SAME:    hello.ptr_args = 0 : i64
// CHECK-SAME:    hello.tir_ops = 0 : i64

// NONE-NOT: hello.

func.func @grid(%p: !tir.ptr<f32>, %q: !tir.ptr<f16>, %n: i32) -> (i32, i32) {
  %x = tir.get_program_id 0 : i32
  %y = tir.get_program_id 1 : i32
  %unused = tir.get_program_id 2 : i32
  return %x, %y : i32, i32
}

func.func @dup() -> (i32, i32) {
  %a = tir.get_program_id 1 : i32
  %b = tir.get_program_id 1 : i32
  return %a, %b : i32, i32
}

func.func @no_tile_ir(%a: f32) -> f32 {
  return %a : f32
}
