//===- TileIRDebugOps.td - assume, print and assert --------*- tablegen -*-===//
//
// Operations that inform the compiler or the user rather than compute.
// Included by TileIROps.td.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TILEIR_DEBUGOPS
#define TRIDENT_TILEIR_DEBUGOPS

def TIR_AssumeOp : TileIR_Op<"assume", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "tell the compiler that a condition holds";
  let description = [{
    The program promises that `condition` is true here; code generation may
    rely on it (for example, an offset being non-negative or a multiple of
    16). An assumption that is false makes the behaviour undefined. It has
    a write effect so that it is neither dropped nor moved; a constant-true
    assumption is removed by canonicalization.

    ```mlir
    tir.assume %nonneg
    ```
  }];
  let arguments = (ins I1:$condition);
  let assemblyFormat = "$condition attr-dict";
  let hasCanonicalizer = 1;
}

def TIR_PrintOp : TileIR_Op<"print", [
    MemoryEffects<[MemWrite<TIR_GlobalMemory>]>]> {
  let summary = "print scalars and tiles from the device";
  let description = [{
    Prints the operands, like `tl.device_print(prefix, *args, hex=...)`,
    one line per element of a tile and per scalar, as Triton's lines:
    `pid (x, y, z) idx (i, j)<prefix>(operand k) <value>`, where `prefix`
    is the text between the index and the value (the front end makes
    Triton's " x: " of "x") and `(operand k) ` is there when there are
    several operands; a scalar's index is `()`, and an index is padded to
    the width of its dimension's largest. Without operands the line is
    `pid (x, y, z) <prefix>`. Hex values are zero-padded to their type's
    width. Integers are signless in MLIR, so `is_signed` gives, per operand,
    whether its integers print as signed (1) or unsigned (0); empty means
    all signed.

    ```mlir
    tir.print " x = " hex (%x, %pid : tensor<16xi32>, i32)
    ```
  }];
  let arguments = (ins StrAttr:$prefix, UnitAttr:$hex,
                       Variadic<TIR_Type>:$args,
                       DefaultValuedAttr<DenseI32ArrayAttr, "{}">:$is_signed);
  let assemblyFormat = [{
    $prefix (`hex` $hex^)? (` ` `(` $args^ `:` type($args) `)`)? attr-dict
  }];
  let hasVerifier = 1;
}

def TIR_AssertOp : TileIR_Op<"assert", [
    MemoryEffects<[MemWrite<TIR_GlobalMemory>]>]> {
  let summary = "abort the kernel when a condition is false";
  let description = [{
    Checks that every element of `condition` is true and otherwise reports
    `message` and traps, like `tl.device_assert(cond, msg)`. A condition
    that is a constant true is removed by canonicalization.

    ```mlir
    tir.assert %ok, "index out of bounds" : tensor<128xi1>
    ```
  }];
  let arguments = (ins TIR_BoolLike:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
  let hasCanonicalizer = 1;
}

def TIR_BarrierOp : TileIR_Op<"barrier", [
    MemoryEffects<[MemRead<TIR_GlobalMemory>, MemWrite<TIR_GlobalMemory>,
                   MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "wait until every thread of the program instance gets here";
  let description = [{
    A barrier among the threads that run one program instance, like
    `tl.debug_barrier()`: memory accesses before it are done and visible
    to the instance's threads after it. It reads and writes all memory, so
    it is neither removed nor moved. On a GPU it is the CTA barrier
    (`bar.sync 0`); on the CPU a program instance is one thread and it is
    nothing.

    ```mlir
    tir.barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

#endif // TRIDENT_TILEIR_DEBUGOPS
