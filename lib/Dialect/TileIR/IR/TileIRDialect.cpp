//===- TileIRDialect.cpp - Tile IR dialect ----------------------*- C++ -*-===//
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace trident::tir;

#include "trident/Dialect/TileIR/IR/TileIRDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/TileIR/IR/TileIRTypes.cpp.inc"

void TileIRDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trident/Dialect/TileIR/IR/TileIRTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "trident/Dialect/TileIR/IR/TileIROps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "trident/Dialect/TileIR/IR/TileIROps.cpp.inc"
