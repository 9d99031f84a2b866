//===- TileIRTypes.td - Tile IR types and constraints ------*- tablegen -*-===//
#ifndef TRIDENT_TILEIR_TYPES
#define TRIDENT_TILEIR_TYPES

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "trident/Dialect/TileIR/IR/TileIRDialect.td"

class TileIR_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TileIR_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

//===----------------------------------------------------------------------===//
// !tir.ptr
//===----------------------------------------------------------------------===//

def TileIR_PtrType : TileIR_Type<"Pointer", "ptr"> {
  let summary = "pointer to an element in memory";
  let description = [{
    A pointer to a scalar of type `pointeeType`. The address space defaults
    to 1 (global memory) and is only printed when it differs:
    `!tir.ptr<f32>`, `!tir.ptr<f16, 3>`. Tiles of pointers
    (`tensor<128x!tir.ptr<f32>>`) are how Tile IR addresses memory.
  }];
  let parameters = (ins "::mlir::Type":$pointeeType,
                        DefaultValuedParameter<"int", "1">:$addressSpace);
  let assemblyFormat = "`<` $pointeeType (`,` $addressSpace^)? `>`";
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
                                        CArg<"int", "1">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
}

//===----------------------------------------------------------------------===//
// !tir.tensordesc
//===----------------------------------------------------------------------===//

def TileIR_TensorDescType : TileIR_Type<"TensorDesc", "tensordesc"> {
  let summary = "descriptor of a strided tensor in global memory, read by blocks";
  let description = [{
    A tensor descriptor names a strided N-d tensor in global memory (base,
    shape, strides: see `tir.make_tensor_descriptor`) together with the
    shape of the block that `tir.descriptor_load` and
    `tir.descriptor_store` move: `!tir.tensordesc<tensor<64x64xbf16>>`.
    On Hopper it maps to a TMA descriptor; elsewhere to address arithmetic.
  }];
  let parameters = (ins "::mlir::RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::RankedTensorType":$blockType), [{
      return $_get(blockType.getContext(), blockType);
    }]>
  ];
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    ::mlir::Type getElementType() const { return getBlockType().getElementType(); }
    ::llvm::ArrayRef<int64_t> getBlockShape() const { return getBlockType().getShape(); }
    int64_t getRank() const { return getBlockType().getRank(); }
  }];
}

//===----------------------------------------------------------------------===//
// !tir.blockptr
//===----------------------------------------------------------------------===//

def TileIR_BlockPtrType : TileIR_Type<"BlockPointer", "blockptr"> {
  let summary = "pointer to a block of a strided tensor in memory";
  let description = [{
    What `tl.make_block_ptr` returns (Triton spells it a pointer to a tile,
    `!tt.ptr<tensor<64x32xf16>>`): a block of `blockType`'s shape at some
    offsets of a strided N-d tensor (see `tir.make_block_ptr`), moved by
    `tir.advance` and read or written whole by `tir.block_load` and
    `tir.block_store`. The address space is the base pointer's (1, global,
    by default; printed only when it differs):
    `!tir.blockptr<tensor<64x32xf16>>`, `!tir.blockptr<tensor<16xf32>, 3>`.
    It is a type of its own, not a `!tir.ptr` with a tile pointee, so that
    no operation on pointers accepts one by mistake; `tir-lower-block-pointers`
    rewrites every block pointer into its base, shape, strides and offsets
    before code generation.
  }];
  let parameters = (ins "::mlir::RankedTensorType":$blockType,
                        DefaultValuedParameter<"int", "1">:$addressSpace);
  let assemblyFormat = "`<` $blockType (`,` $addressSpace^)? `>`";
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::RankedTensorType":$blockType,
                                        CArg<"int", "1">:$addressSpace), [{
      return $_get(blockType.getContext(), blockType, addressSpace);
    }]>
  ];
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    ::mlir::Type getElementType() const { return getBlockType().getElementType(); }
    ::llvm::ArrayRef<int64_t> getBlockShape() const { return getBlockType().getShape(); }
    int64_t getRank() const { return getBlockType().getRank(); }
    /// The type of the base pointer: `!tir.ptr<element, addressSpace>`.
    PointerType getBasePointerType() const;
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def TIR_Ptr : Type<CPred<"::mlir::isa<::trident::tir::PointerType>($_self)">,
                   "Tile IR pointer", "::trident::tir::PointerType">;
def TIR_TensorDesc : Type<CPred<"::mlir::isa<::trident::tir::TensorDescType>($_self)">,
                          "tensor descriptor", "::trident::tir::TensorDescType">;
def TIR_BlockPtr : Type<CPred<"::mlir::isa<::trident::tir::BlockPointerType>($_self)">,
                        "block pointer", "::trident::tir::BlockPointerType">;

defvar TIR_Int = AnySignlessInteger;
defvar TIR_Float = AnyFloat;
def TIR_ElemType : AnyTypeOf<[TIR_Int, TIR_Float, TIR_Ptr], "tile element">;

// A tile: a statically shaped ranked tensor of scalars or pointers.
def TIR_Tile : StaticShapeTensorOf<[TIR_Int, TIR_Float, TIR_Ptr]>;
def TIR_IntTile : StaticShapeTensorOf<[TIR_Int]>;
def TIR_PtrTile : StaticShapeTensorOf<[TIR_Ptr]>;
def TIR_BoolTile : StaticShapeTensorOf<[I1]>;
def TIR_NumTile : StaticShapeTensorOf<[TIR_Int, TIR_Float]>;

def TIR_Type : AnyTypeOf<[TIR_ElemType, TIR_Tile], "Tile IR scalar or tile">;
def TIR_IntLike : AnyTypeOf<[TIR_Int, TIR_IntTile], "integer or integer tile">;
def TIR_PtrLike : AnyTypeOf<[TIR_Ptr, TIR_PtrTile], "pointer or pointer tile">;
def TIR_BoolLike : AnyTypeOf<[I1, TIR_BoolTile], "i1 or i1 tile">;
def TIR_NumLike : AnyTypeOf<[TIR_Int, TIR_Float, TIR_NumTile],
                            "integer/float scalar or tile">;

#endif // TRIDENT_TILEIR_TYPES
