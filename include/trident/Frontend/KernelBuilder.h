//===- KernelBuilder.h - Build Tile IR op by op -----------------*- C++ -*-===//
//
// The IR builder behind the Python front end (and usable from C++ with no
// Python): a module in a Compiler's context, built one operation at a time.
// Values, types, operations and blocks are named by small integer handles
// (indices into tables kept here), so that a caller across a language
// boundary never holds a raw pointer and a stale or forged handle is an
// error, not a crash.
//
// Every operation gets the current location (setLocation: file, line and
// column of the kernel source). Operations without regions are verified as
// they are created, so a mistake is reported at the source line that made
// it; region operations are verified by verify() once complete.
//
//   trident::frontend::KernelBuilder b;
//   b.setLocation("add.py", 3, 4);
//   int f32 = b.floatType("f32"), ptr = b.pointerType(f32, 1);
//   int fn = b.createFunction("k", {ptr}, {}, /*isKernel=*/true);
//   b.setInsertionPointToEnd(b.entryBlock(fn));
//   ...
//   b.createReturn({});
//   auto stages = b.compile("cpu", "default", "", {});
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_FRONTEND_KERNELBUILDER_H
#define TRIDENT_FRONTEND_KERNELBUILDER_H

#include "trident/Compiler/Compiler.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace trident::frontend {

/// One stage's output: IR text, or a translation step's artifact.
struct StageOutput {
  std::string stage;
  std::string format; ///< "mlir", "ll", "ptx", "cubin", "obj"
  std::string data;
  bool binary = false;
};

struct CompileResult {
  std::vector<StageOutput> stages;
  /// The last artifact (with its metadata), if a translation step ran.
  std::unique_ptr<Artifact> artifact;
  /// The pipeline that ran, as printed (with plugin provenance).
  std::string pipeline;
  /// The pipeline's fingerprint (build id, plugins' cache keys, entries).
  std::string fingerprint;
};

struct CompileOptions {
  int numWarps = 4;
  int numStages = 3;
  int numCtas = 1;
  /// Thread-block clusters of programs (CUDA's `ctas_per_cga`):
  /// each program one CTA, the grid counting CTAs, regrouped into clusters
  /// of this shape (tir.cluster_dims); {1, 1, 1}: none.
  std::array<int, 3> clusterDims = {1, 1, 1};
  /// On a cpu target: check each memory access against the launch's
  /// buffers (cpu-bounds-check; ignored on other targets).
  bool cpuBoundsCheck = false;
  /// When positive: a barrier wait that has not completed after this many
  /// milliseconds reports itself and traps (gir-bound-barrier-waits on
  /// GPU targets).
  int64_t barrierTimeoutMs = 0;
  /// CUDA (Triton's launch options of these names):
  /// maxnreg: registers per thread at most (PTX .maxnreg); 0: ptxas picks.
  int maxNumRegs = 0;
  /// enable_fp_fusion: a*b+c may become one fma.
  bool fpFusion = true;
  /// enable_reflect_ftz: libdevice's f32 functions and tl.exp2 flush
  /// denormals to zero.
  bool reflectFtz = true;
};

class KernelBuilder {
public:
  KernelBuilder();
  ~KernelBuilder();

  /// Why the last call that returned -1 (or false) failed. The message of a
  /// verifier failure starts with "file:line:col: ".
  const std::string &lastError() const { return error; }

  // --- Locations ----------------------------------------------------------
  void setLocation(llvm::StringRef file, unsigned line, unsigned column);

  // --- Types --------------------------------------------------------------
  int intType(unsigned width);
  /// "f16", "bf16", "f32", "f64", "f8e4m3fn", "f8e5m2", "f8e4m3fnuz",
  /// "f8e5m2fnuz", "f8e4m3b11fnuz" (the tag of Triton's fp8e4b15).
  int floatType(llvm::StringRef name);
  int pointerType(int pointee, int addressSpace);
  int tensorType(llvm::ArrayRef<int64_t> shape, int element);
  int tensorDescType(int blockType);
  /// `!tir.blockptr<blockType, addressSpace>`.
  int blockPointerType(int blockType, int addressSpace);
  int valueType(int value);
  /// The type `text` spells in MLIR's syntax ("f16", "tensor<4xi32>",
  /// "!gpux.token"), of any dialect loaded (plugins' included).
  int parseType(llvm::StringRef text);
  std::string typeString(int type);

  // --- Functions and blocks -----------------------------------------------
  /// A func.func at the end of the module; a kernel carries `tir.kernel`,
  /// any other function is private.
  int createFunction(llvm::StringRef name, llvm::ArrayRef<int> argTypes,
                     llvm::ArrayRef<int> resultTypes, bool isKernel);
  bool setArgumentAttr(int function, unsigned index, llvm::StringRef name,
                       int64_t value);
  bool setFunctionAttr(int function, llvm::StringRef name, int64_t value);
  /// Block `index` of region `region` of `op`.
  int block(int op, unsigned region = 0, unsigned index = 0);
  int blockArgument(int block, unsigned index);
  int numBlockArguments(int block);
  bool setInsertionPointToEnd(int block);
  /// The current insertion point, as a handle for restoreInsertionPoint.
  int saveInsertionPoint();
  bool restoreInsertionPoint(int saved);
  int opResult(int op, unsigned index);
  int numResults(int op);
  bool eraseOp(int op);

  // --- Generic operations ---------------------------------------------------
  /// Any registered operation without regions or attributes: arith and math
  /// elementwise operations and casts ("arith.addf", "math.exp", ...).
  /// Returns the op's handle.
  int createOp(llvm::StringRef name, llvm::ArrayRef<int> operands,
               llvm::ArrayRef<int> resultTypes);
  /// `attrs` are integer attributes set on the op (enum cases, axes).
  int createOpWithAttrs(llvm::StringRef name, llvm::ArrayRef<int> operands,
                        llvm::ArrayRef<int> resultTypes,
                        llvm::ArrayRef<std::pair<std::string, int64_t>> attrs);
  /// Sets `name` (a dense i32 array: one entry per dimension) on the op
  /// that defines `value`, or on the function argument it is: the axis
  /// hints tir.divisibility, tir.contiguity and tir.constancy.
  bool setHint(int value, llvm::StringRef name, llvm::ArrayRef<int32_t> v);
  /// Sets the unit attribute `name` on the op that defines `value` (e.g.
  /// tir.div_rn on an arith.divf).
  bool markOp(int value, llvm::StringRef name);
  /// Any registered operation, core or a plugin's, by name: `attrs` are
  /// (name, value in MLIR's attribute syntax: "4 : i32", "array<i64: 1, 2>",
  /// "f16", "\"text\"", "unit"), and the op gets `numRegions` empty regions
  /// (give them blocks with appendBlock; verifyOp once they are complete).
  /// An op without regions is verified now. This is the one call a new op
  /// needs: the Python front end's `semantic.op` and plugins' Python
  /// modules build through it.
  int createGenericOp(llvm::StringRef name, llvm::ArrayRef<int> operands,
                      llvm::ArrayRef<int> resultTypes,
                      llvm::ArrayRef<std::pair<std::string, std::string>> attrs,
                      unsigned numRegions);
  /// A new block at the end of region `region` of `op`, with arguments of
  /// `argTypes`.
  int appendBlock(int op, unsigned region, llvm::ArrayRef<int> argTypes);
  /// Verifies `op` with its regions (an op made with regions, once filled).
  bool verifyOp(int op);
  int constantInt(int type, int64_t value);
  int constantFloat(int type, double value);
  /// `predicate`: "eq", "slt", ... (cmpi) or "oeq", "olt", "une", ... (cmpf).
  int compare(bool isFloat, llvm::StringRef predicate, int lhs, int rhs);

  // --- Tile IR ----------------------------------------------------------------
  int programId(int axis);
  int numPrograms(int axis);
  int makeRange(int32_t start, int32_t end);
  int splat(int scalar, int tileType);
  int broadcast(int tile, int tileType);
  int expandDims(int tile, int axis);
  int reshape(int tile, int tileType, bool allowReorder);
  int trans(int tile, llvm::ArrayRef<int32_t> order);
  int join(int lhs, int rhs);
  /// The op; its results 0 and 1 are the halves.
  int split(int tile);
  int addPtr(int ptr, int offset);
  int intToPtr(int value, int type);
  int ptrToInt(int value, int type);
  int bitcast(int value, int type);
  /// `mask` and `other` may be -1. `cache`/`evict` are enum spellings
  /// ("", "ca", "cg", ...; "", "evict_first", "evict_last").
  int load(int ptr, int mask, int other, llvm::StringRef cache,
           llvm::StringRef evict, bool isVolatile);
  int store(int ptr, int value, int mask, llvm::StringRef cache,
            llvm::StringRef evict);
  int atomicRMW(llvm::StringRef kind, int ptr, int value, int mask,
                llvm::StringRef sem, llvm::StringRef scope);
  int atomicCAS(int ptr, int cmp, int value, llvm::StringRef sem,
                llvm::StringRef scope);
  int dot(int a, int b, int c, llvm::StringRef precision,
          int maxNumImpreciseAcc);
  /// A tir.reduce / tir.scan with an empty combine block whose arguments are
  /// (accumulators..., values...) of the operands' element types; the
  /// caller fills the block and ends it with reduceReturn / scanReturn.
  int reduce(llvm::ArrayRef<int> srcs, int axis);
  int scan(llvm::ArrayRef<int> srcs, int axis, bool reverse);
  /// A tir.warp_specialize of `captures` with one partition per entry of
  /// `partitionWarps` (register budgets in `partitionRegisters`, 0: none;
  /// `defaultRegisters` 0: none): an empty default block and empty
  /// partition blocks whose arguments take the captures' types; the caller
  /// fills each block and ends it with warpYield. The partition blocks are
  /// those of warpPartitions(handle).
  int warpSpecialize(llvm::ArrayRef<int> captures,
                     llvm::ArrayRef<int> partitionWarps,
                     llvm::ArrayRef<int> partitionRegisters,
                     int defaultRegisters);
  /// The tir.warp_partitions holding the partitions of `warpSpecialize`
  /// (its region i is partition i).
  int warpPartitions(int warpSpecialize);
  int warpYield();
  int reduceReturn(llvm::ArrayRef<int> values);
  int scanReturn(llvm::ArrayRef<int> values);
  /// A tir.map_elementwise of `args` (scalars or tiles of one shape) with
  /// no results yet and an empty block taking `pack` scalars of each
  /// operand's element type per operand; the caller fills the block, ends
  /// it with mapElementwiseReturn, then calls finalizeMapElementwise.
  int mapElementwise(llvm::ArrayRef<int> args, int pack);
  int mapElementwiseReturn(llvm::ArrayRef<int> values);
  /// Gives a tir.map_elementwise made by mapElementwise its results, whose
  /// element types are those its block returns (one result per `pack`
  /// returned values): a new op takes the region over, the old one is
  /// erased, and the new one is verified. Returns the new op.
  int finalizeMapElementwise(int mapOp);
  int makeTensorDescriptor(int base, llvm::ArrayRef<int> shape,
                           llvm::ArrayRef<int> strides, int descType);
  int descriptorLoad(int desc, llvm::ArrayRef<int> indices);
  int descriptorStore(int desc, int value, llvm::ArrayRef<int> indices);
  /// tir.make_block_ptr: a block pointer to blocks of `blockType` (a tile
  /// type; the address space is the base pointer's). `shape` and
  /// `strides` are i64, `offsets` i32.
  int makeBlockPointer(int base, llvm::ArrayRef<int> shape,
                       llvm::ArrayRef<int> strides, llvm::ArrayRef<int> offsets,
                       llvm::ArrayRef<int32_t> order, int blockType);
  int advance(int ptr, llvm::ArrayRef<int> offsets);
  /// `padding`: "" or "zero", "nan"; cache and evict as for load.
  int blockLoad(int ptr, llvm::ArrayRef<int32_t> boundaryCheck,
                llvm::StringRef padding, llvm::StringRef cache,
                llvm::StringRef evict, bool isVolatile);
  int blockStore(int ptr, int value, llvm::ArrayRef<int32_t> boundaryCheck,
                 llvm::StringRef cache, llvm::StringRef evict);
  int assume(int condition);
  int print(llvm::StringRef prefix, bool hex, llvm::ArrayRef<int> args,
            llvm::ArrayRef<int32_t> isSigned);
  int assertOp(int condition, llvm::StringRef message);
  /// tir.extern_elementwise: `symbol` applied to the elements of `args`
  /// (scalars or tiles of one shape), giving a value of `resultType`;
  /// `libpath` (empty: none) is a bitcode file GPU targets link. Returns the
  /// result's value handle.
  int externElementwise(llvm::StringRef symbol, llvm::StringRef libpath,
                        llvm::ArrayRef<int> args, int resultType, bool isPure);
  /// tir.inline_asm_elementwise over `args` (scalars or tiles of one
  /// shape) with results of `resultTypes`; fills `results` with their value
  /// handles.
  bool inlineAsm(llvm::StringRef asmString, llvm::StringRef constraints,
                 llvm::ArrayRef<int> args, llvm::ArrayRef<int> resultTypes,
                 bool isPure, int pack, std::vector<int> &results);

  // --- Control flow -------------------------------------------------------------
  /// scf.for over i32 (or the bounds' type) with loop-carried `inits`. Its
  /// body block has the induction variable then the iter args; the caller
  /// ends it with yield. Results are the final iter args.
  int createFor(int lower, int upper, int step, llvm::ArrayRef<int> inits);
  /// scf.if; regions 0 (then) and 1 (else, when `withElse`) each end in a
  /// yield of `resultTypes` that the caller adds.
  int createIf(int condition, llvm::ArrayRef<int> resultTypes, bool withElse);
  /// scf.while: region 0 ("before") takes `inits` and ends in
  /// createCondition; region 1 ("after") takes the condition's values and
  /// ends in a yield of new inits.
  int createWhile(llvm::ArrayRef<int> inits, llvm::ArrayRef<int> afterTypes);
  int createCondition(int condition, llvm::ArrayRef<int> values);
  /// Gives an scf.if made without results the results `thenValues` (ending
  /// its then block) and `elseValues` (ending its else block): a new scf.if
  /// takes the regions over and the old one is erased. Returns the new op.
  int finalizeIf(int ifOp, llvm::ArrayRef<int> thenValues,
                 llvm::ArrayRef<int> elseValues);
  /// Sets a function's result types (known once its body is built).
  bool setFunctionResults(int function, llvm::ArrayRef<int> resultTypes);
  int yield(llvm::ArrayRef<int> values);
  int createReturn(llvm::ArrayRef<int> values);
  int call(llvm::StringRef callee, llvm::ArrayRef<int> args,
           llvm::ArrayRef<int> resultTypes);

  // --- Plugins --------------------------------------------------------------------
  /// Emits a plugin DSL op with attributes `attrs` (as for
  /// createGenericOp); fills `results` with `numResults` value handles.
  bool dslOp(llvm::StringRef name, llvm::ArrayRef<int> operands,
             llvm::ArrayRef<std::pair<std::string, std::string>> attrs,
             unsigned numResults, std::vector<int> &results);

  // --- The module ---------------------------------------------------------------------
  /// Verifies the whole module; false with every diagnostic in lastError().
  bool verify();
  std::string moduleText(bool withLocations = false);
  bool setModuleAttr(llvm::StringRef name, int64_t value);
  /// Runs `target`'s pipeline `pipeline` through `untilStage` ("" = the
  /// last stage this build can run), keeping each stage's output. The
  /// module is consumed: build a new one for another compile.
  std::unique_ptr<CompileResult> compile(llvm::StringRef target,
                                         llvm::StringRef pipeline,
                                         llvm::StringRef untilStage,
                                         const CompileOptions &options);

  mlir::MLIRContext &getContext();
  mlir::ModuleOp getModule() { return *module; }

private:
  mlir::Value value(int handle);
  mlir::Type type(int handle);
  mlir::Operation *op(int handle);
  mlir::Block *blockOf(int handle);
  int addValue(mlir::Value v);
  int addType(mlir::Type t);
  int addOp(mlir::Operation *o);
  int addBlock(mlir::Block *b);
  bool values(llvm::ArrayRef<int> handles,
              llvm::SmallVectorImpl<mlir::Value> &out);
  bool types(llvm::ArrayRef<int> handles,
             llvm::SmallVectorImpl<mlir::Type> &out);
  /// Verifies `o` (no regions) and returns its handle, or erases it and
  /// returns -1 with the diagnostics in `error`.
  int finish(mlir::Operation *o);
  /// `attrs` parsed (for op `opName`'s errors) into `out`.
  bool parseAttrs(llvm::StringRef opName,
                  llvm::ArrayRef<std::pair<std::string, std::string>> attrs,
                  mlir::NamedAttrList &out);
  int fail(const llvm::Twine &message);

  std::unique_ptr<Compiler> compiler;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::OpBuilder builder;
  mlir::Location loc;
  std::string error;
  std::vector<mlir::Value> valueTable;
  std::vector<mlir::Type> typeTable;
  llvm::DenseMap<mlir::Type, int> typeIndex;
  std::vector<mlir::Operation *> opTable;
  std::vector<mlir::Block *> blockTable;
  std::vector<mlir::OpBuilder::InsertPoint> savedPoints;
};

} // namespace trident::frontend

#endif // TRIDENT_FRONTEND_KERNELBUILDER_H
