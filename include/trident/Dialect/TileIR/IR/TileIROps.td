//===- TileIROps.td - Tile IR dialect ----------------------*- tablegen -*-===//
#ifndef TRIDENT_TILEIR_OPS
#define TRIDENT_TILEIR_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TileIR_Dialect : Dialect {
  let name = "tir";
  let cppNamespace = "::trident::tir";
  let summary = "Trident Tile IR: hardware-agnostic tiles, pointers and masks";
  let useDefaultTypePrinterParser = 1;
}

class TileIR_Type<string name, string typeMnemonic> : TypeDef<TileIR_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def TileIR_PtrType : TileIR_Type<"Pointer", "ptr"> {
  let summary = "pointer to an element in global memory";
  let parameters = (ins "::mlir::Type":$pointeeType, DefaultValuedParameter<"int", "1">:$addressSpace);
  let assemblyFormat = "`<` $pointeeType (`,` $addressSpace^)? `>`";
}

class TileIR_Op<string mnemonic, list<Trait> traits = []> : Op<TileIR_Dialect, mnemonic, traits>;

def TileIR_GetProgramIdOp : TileIR_Op<"get_program_id", [Pure]> {
  let summary = "index of this program instance along an axis of the grid";
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<2>]>:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

#endif // TRIDENT_TILEIR_OPS
