//===- TileIRAttrs.td - Tile IR enum attributes ------------*- tablegen -*-===//
//
// Enumerations carried by memory, atomic and dot operations. They print as
// bare keywords inside the operations' custom assembly formats.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TILEIR_ATTRS
#define TRIDENT_TILEIR_ATTRS

include "mlir/IR/EnumAttr.td"
include "trident/Dialect/TileIR/IR/TileIRDialect.td"

def TIR_CacheModifier : I32EnumAttr<"CacheModifier",
    "cache modifier of a memory access", [
      I32EnumAttrCase<"None", 1, "none">,
      I32EnumAttrCase<"CA", 2, "ca">,   // cache at all levels
      I32EnumAttrCase<"CG", 3, "cg">,   // cache at L2, bypass L1
      I32EnumAttrCase<"CS", 4, "cs">,   // streaming, likely accessed once
      I32EnumAttrCase<"CV", 5, "cv">,   // do not cache, fetch again
      I32EnumAttrCase<"WB", 6, "wb">,   // write back
      I32EnumAttrCase<"WT", 7, "wt">    // write through
    ]> {
  let cppNamespace = "::trident::tir";
}

def TIR_EvictionPolicy : I32EnumAttr<"EvictionPolicy",
    "cache eviction policy of a memory access", [
      I32EnumAttrCase<"Normal", 1, "evict_normal">,
      I32EnumAttrCase<"EvictFirst", 2, "evict_first">,
      I32EnumAttrCase<"EvictLast", 3, "evict_last">
    ]> {
  let cppNamespace = "::trident::tir";
}

def TIR_PaddingOption : I32EnumAttr<"PaddingOption",
    "value that a block-pointer load reads out of bounds", [
      I32EnumAttrCase<"Zero", 1, "zero">,
      I32EnumAttrCase<"NaN", 2, "nan">
    ]> {
  let cppNamespace = "::trident::tir";
}

def TIR_InputPrecision : I32EnumAttr<"InputPrecision",
    "precision used for the products of a dot on f32 inputs", [
      I32EnumAttrCase<"IEEE", 0, "ieee">,
      I32EnumAttrCase<"TF32", 1, "tf32">,
      I32EnumAttrCase<"TF32x3", 2, "tf32x3">
    ]> {
  let cppNamespace = "::trident::tir";
}

def TIR_RMWKind : I32EnumAttr<"RMWKind", "read-modify-write operation", [
      I32EnumAttrCase<"Add", 1, "add">,
      I32EnumAttrCase<"FAdd", 2, "fadd">,
      I32EnumAttrCase<"Max", 3, "max">,
      I32EnumAttrCase<"Min", 4, "min">,
      I32EnumAttrCase<"UMax", 5, "umax">,
      I32EnumAttrCase<"UMin", 6, "umin">,
      I32EnumAttrCase<"And", 7, "and">,
      I32EnumAttrCase<"Or", 8, "or">,
      I32EnumAttrCase<"Xor", 9, "xor">,
      I32EnumAttrCase<"Xchg", 10, "xchg">
    ]> {
  let cppNamespace = "::trident::tir";
}

def TIR_MemSemantic : I32EnumAttr<"MemSemantic",
    "memory ordering of an atomic operation", [
      I32EnumAttrCase<"Relaxed", 1, "relaxed">,
      I32EnumAttrCase<"Acquire", 2, "acquire">,
      I32EnumAttrCase<"Release", 3, "release">,
      I32EnumAttrCase<"AcqRel", 4, "acq_rel">
    ]> {
  let cppNamespace = "::trident::tir";
}

def TIR_MemScope : I32EnumAttr<"MemScope",
    "set of threads an atomic operation is ordered with", [
      I32EnumAttrCase<"GPU", 1, "gpu">,
      I32EnumAttrCase<"CTA", 2, "cta">,
      I32EnumAttrCase<"System", 3, "sys">
    ]> {
  let cppNamespace = "::trident::tir";
}

#endif // TRIDENT_TILEIR_ATTRS
