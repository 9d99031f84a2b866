//===- FmaDialect.h - The fma example dialect -------------------*- C++ -*-===//
#ifndef FMA_PLUGIN_FMADIALECT_H
#define FMA_PLUGIN_FMADIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "FmaDialect.h.inc"

#define GET_OP_CLASSES
#include "FmaOps.h.inc"

#endif
