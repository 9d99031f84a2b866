//===- GpuxDialect.h - The gpux example dialect -----------------*- C++ -*-===//
#ifndef GPUX_PLUGIN_DIALECT_H
#define GPUX_PLUGIN_DIALECT_H

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "GpuxDialect.h.inc"

#define GET_OP_CLASSES
#include "GpuxOps.h.inc"

#endif
