//===- TileIRDialect.td - Tile IR dialect definition -------*- tablegen -*-===//
//
// The `tir` dialect: Trident's hardware-agnostic tile language. Tiles are
// builtin ranked tensors; pointers and tensor descriptors are dialect types.
// See docs/dialects/TileIR.md for the rationale.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TILEIR_DIALECT
#define TRIDENT_TILEIR_DIALECT

include "mlir/IR/OpBase.td"

def TileIR_Dialect : Dialect {
  let name = "tir";
  let cppNamespace = "::trident::tir";
  let summary = "Trident Tile IR: hardware-agnostic tiles, pointers and masks";
  let description = [{
    Tile IR is the first stage of the Trident compiler: what the
    `triton.language` front end emits. A value is either a scalar (integer,
    float, `!tir.ptr`) or a tile, a builtin `tensor` of scalars with a static
    shape. Tiles carry no layout; layouts are assigned when Tile IR is
    converted to GPU IR.

    Kernels are `func.func` operations carrying the `tir.kernel` unit
    attribute. Function arguments may carry `tir.divisibility` (an i32
    power of two: the integer or pointer value is a multiple of it) as a
    hint for vectorisation.

    Axis hints (`tl.multiple_of`, `tl.max_contiguous`, `tl.max_constancy`)
    are dense i32 arrays, one entry per dimension of the value (one for a
    scalar), on the operation that defines the value (or on a function
    argument): `tir.divisibility` and `tir.contiguity` (powers of two) and
    `tir.constancy` (positive). The axis analysis takes the larger of each
    hint and what it computes.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The unit attribute that marks a `func.func` as a kernel entry point.
    static constexpr ::llvm::StringLiteral getKernelAttrName() {
      return ::llvm::StringLiteral("tir.kernel");
    }
    /// The argument attribute giving a known divisibility of an argument.
    static constexpr ::llvm::StringLiteral getDivisibilityAttrName() {
      return ::llvm::StringLiteral("tir.divisibility");
    }
    /// The axis hint: runs of this many consecutive values.
    static constexpr ::llvm::StringLiteral getContiguityAttrName() {
      return ::llvm::StringLiteral("tir.contiguity");
    }
    /// The axis hint: runs of this many equal values.
    static constexpr ::llvm::StringLiteral getConstancyAttrName() {
      return ::llvm::StringLiteral("tir.constancy");
    }
    /// The unit attribute of an `arith.divf` that rounds to nearest as IEEE
    /// 754 says (`tl.math.div_rn`); a plain f32 `arith.divf` (`/`) may be
    /// approximate, as Triton's (`div.full.f32` on NVIDIA GPUs).
    static constexpr ::llvm::StringLiteral getDivRoundedAttrName() {
      return ::llvm::StringLiteral("tir.div_rn");
    }
    /// Whether `name` is one of the three axis hints.
    static bool isAxisHintName(::llvm::StringRef name) {
      return name == getDivisibilityAttrName() ||
             name == getContiguityAttrName() || name == getConstancyAttrName();
    }
    /// Removes the axis hints from `root` and every operation in it (not
    /// from function arguments): lowerings drop them once the analysis has
    /// read them, since lowered operations of another rank would no
    /// longer verify with them.
    static void removeAxisHints(::mlir::Operation *root);
  }];
}

// Every Tile IR op is nested in a function (trident::tir::verifyInFunction).
def TileIR_InFunction : NativeOpTrait<"InFunction"> {
  let cppNamespace = "::trident::tir";
}

class TileIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileIR_Dialect, mnemonic, !listconcat(traits, [TileIR_InFunction])>;

#endif // TRIDENT_TILEIR_DIALECT
