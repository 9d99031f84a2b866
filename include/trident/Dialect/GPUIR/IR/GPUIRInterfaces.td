//===- GPUIRInterfaces.td - GPU IR attribute interfaces ----*- tablegen -*-===//
#ifndef TRIDENT_GPUIR_INTERFACES
#define TRIDENT_GPUIR_INTERFACES

include "mlir/IR/OpBase.td"

def GPUIR_DistributedEncoding : AttrInterface<"DistributedEncodingAttr"> {
  let cppNamespace = "::trident::gir";
  let description = [{
    A tensor encoding that spreads the tensor's elements over the registers
    of the threads of one program.
  }];
  let methods = [
    InterfaceMethod<"The tensor rank this encoding describes.",
                    "unsigned", "getRank">,
    InterfaceMethod<[{
        How many elements of a tensor of `shape` each thread holds
        (replicated elements included).
      }], "int64_t", "getElemsPerThread",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<[{
        Element coordinates held by register `reg` of thread `lane` in warp
        `warp`, for a tensor of `shape`.
      }], "::llvm::SmallVector<int64_t>", "getElementCoords",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "int64_t":$reg,
           "int64_t":$lane, "int64_t":$warp)>,
  ];
}

def GPUIR_SharedMemoryBuffer : OpInterface<"SharedMemoryBufferOpInterface"> {
  let cppNamespace = "::trident::gir";
  let description = [{
    An op whose result is a buffer in shared memory (gir.local_alloc,
    nvgir.mbarrier_alloc, or a plugin's buffers and barriers).
    gir-allocate-shared-memory gives every such op its byte offset in the
    program's dynamic shared-memory block (the `gir.shared_offset`
    attribute), from one allocator, and checks the kernel's total against
    the target's limit; the op's lowering reads the offset back
    (`LoweringContext::bufferOffset`). A buffer lives from its op to the
    last use of its result (through the views made of it), or for the
    whole kernel.
  }];
  let methods = [
    InterfaceMethod<"Bytes of the buffer.", "int64_t", "getSharedMemoryBytes">,
    InterfaceMethod<"Alignment of the buffer in bytes (a power of two, at "
                    "most 1024).", "int64_t", "getSharedMemoryAlignment">,
    InterfaceMethod<"Whether the buffer lives for the whole kernel rather "
                    "than until the last use of the op's result.",
                    "bool", "isSharedMemoryLiveForKernel", (ins), [{}],
                    [{ return false; }]>,
  ];
}

def GPUIR_SharedMemoryScratch : OpInterface<"SharedMemoryScratchOpInterface"> {
  let cppNamespace = "::trident::gir";
  let description = [{
    An op whose lowering needs shared memory only while the op runs: a
    layout conversion's staging, a reduction or scan across warps, a dot's
    staged operands, a TMA block, a plugin op's scratch. The op says how
    many bytes before anything is lowered; gir-allocate-shared-memory
    places them with the buffers, over those dead at the op (each region
    of a tir.warp_specialize apart from the others), and records the
    offset in `gir.scratch_offset`; the lowering takes its bytes from there
    (`LoweringContext::scratchBuffer`, which checks it asks for no more).
    The core's ops get this interface from the NVIDIA lowering, whose
    patterns and sizes share one function per op (ScratchModels.h).
  }];
  let methods = [
    InterfaceMethod<"Bytes of scratch the op's lowering takes (0: none).",
                    "int64_t", "getScratchBytes">,
    InterfaceMethod<"Alignment of the scratch (a power of two from 128 to "
                    "1024).", "int64_t", "getScratchAlignment", (ins), [{}],
                    [{ return 128; }]>,
  ];
}

def GPUIR_LayoutConstrained : OpInterface<"LayoutConstrainedOpInterface"> {
  let cppNamespace = "::trident::gir";
  let description = [{
    An op (a plugin's, typically) whose tiles must have given layouts: a
    warpgroup MMA's accumulator, a dot operand in registers. The layout
    passes (convert-tir-to-gir, gir-remove-layout-conversions) convert its
    tiled operands into the layouts it asks for and make its tiled results
    in them, and lay the rest of the function out around it as around
    their own choices: tiles that reach the op are made in its layout where
    they can be, and a loop-carried tile that the op consumes and produces
    is carried in it, so that no conversion is left in the loop.
  }];
  let methods = [
    InterfaceMethod<[{
        The layout each operand (`operands`, one entry per operand) and
        each result (`results`) must have, for a program of `numWarps`
        warps of `threadsPerWarp` threads on compute capability
        `computeCapability` (the warps of the op's warp-specialized
        partition when it is in one); a null entry leaves that tile free
        (it follows the usual rules), as does any non-tile value. Both
        vectors arrive sized and filled with nulls.
      }], "void", "getRequiredLayouts",
      (ins "unsigned":$numWarps, "unsigned":$threadsPerWarp,
           "unsigned":$computeCapability,
           "::llvm::SmallVectorImpl<::mlir::Attribute> &":$operands,
           "::llvm::SmallVectorImpl<::mlir::Attribute> &":$results)>,
  ];
}

#endif // TRIDENT_GPUIR_INTERFACES
