//===- TlxOps.td - The tlx dialect: explicit shared memory -*- tablegen -*-===//
//
// Buffers in shared memory that a kernel allocates, indexes, loads and
// stores itself (see README.md for why they are a dialect of a plugin).
//
//===----------------------------------------------------------------------===//
#ifndef TLX_PLUGIN_OPS
#define TLX_PLUGIN_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Tlx_Dialect : Dialect {
  let name = "tlx";
  let cppNamespace = "::tlx_plugin";
  let summary = "Explicit shared memory, asynchronous copies and dots, "
                "barriers and warp specialization for Triton-style kernels";
  let description = [{
    The ops that `trident.language.extra.tlx` builds: a kernel allocates
    rings of buffers in shared memory, picks one by index and moves tiles
    between it and registers; the plugin lowers them onto the core's
    shared-memory descriptors.
  }];
  let useDefaultTypePrinterParser = 1;
}

class Tlx_Type<string name, string typeMnemonic>
    : TypeDef<Tlx_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Tlx_BuffersType : Tlx_Type<"Buffers", "buffers"> {
  let summary = "A ring of equal buffers in shared memory";
  let description = [{
    `!tlx.buffers<2x128x64xf16>`: `count` (2) buffers, each a 128x64 tile
    of f16, allocated together by tlx.local_alloc.
  }];
  let parameters = (ins "int64_t":$count,
                        ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Tlx_BufferType : Tlx_Type<"Buffer", "buffer"> {
  let summary = "One buffer of a ring";
  let description = [{
    `!tlx.buffer<128x64xf16>`: one buffer of a `!tlx.buffers` ring, as
    tlx.local_view picks it; what tlx.local_load reads and tlx.local_store
    writes.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

class Tlx_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tlx_Dialect, mnemonic, traits>;

def Tlx_LocalAllocOp : Tlx_Op<"local_alloc", [
    MemoryEffects<[MemAlloc<DefaultResource>]>]> {
  let summary = "Allocate a ring of buffers in shared memory";
  let description = [{
    Shared memory for `count` buffers of the result type's shape, live for
    the whole kernel; their contents are undefined until stored.
  }];
  let results = (outs Tlx_BuffersType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Tlx_LocalViewOp : Tlx_Op<"local_view", [Pure]> {
  let summary = "Buffer `index` of a ring";
  let description = [{
    The buffer at `index` (an i32 in [0, count)) of a ring. An index out
    of range is undefined behaviour, as an out-of-bounds pointer is.
  }];
  let arguments = (ins Tlx_BuffersType:$buffers, I32:$index);
  let results = (outs Tlx_BufferType:$result);
  let assemblyFormat = [{
    $buffers `[` $index `]` attr-dict `:` qualified(type($buffers)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tlx_LocalLoadOp : Tlx_Op<"local_load", [
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "Read a buffer into a tile";
  let arguments = (ins Tlx_BufferType:$buffer);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $buffer attr-dict `:` qualified(type($buffer)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tlx_LocalStoreOp : Tlx_Op<"local_store", [
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "Write a tile into a buffer";
  let arguments = (ins Tlx_BufferType:$buffer, AnyRankedTensor:$value);
  let assemblyFormat = [{
    $value `,` $buffer attr-dict `:` type($value) `,`
    qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

#endif // TLX_PLUGIN_OPS
