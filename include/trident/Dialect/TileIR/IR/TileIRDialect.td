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
  }];
}

class TileIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileIR_Dialect, mnemonic, traits>;

#endif // TRIDENT_TILEIR_DIALECT
