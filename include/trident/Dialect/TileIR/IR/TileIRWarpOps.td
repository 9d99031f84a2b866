//===- TileIRWarpOps.td - Warp-specialized regions ---------*- tablegen -*-===//
//
// Included from TileIROps.td: a program split into groups of warps that run
// different code at the same time.
//
//===----------------------------------------------------------------------===//

def TIR_WarpSpecializeOp : TileIR_Op<"warp_specialize", [
    RecursiveMemoryEffects, SingleBlock]> {
  let summary = "run regions on separate groups of the program's warps";
  let description = [{
    Splits the program into groups of warps that run at the same time: the
    *default* region runs on the program's own warps (`num_warps`), with
    every value of the enclosing function in reach, and each *partition*
    region runs on warps of its own, `partition_num_warps[i]` of them,
    added to the program (a program of 4 warps with partitions of 1 and 4
    warps launches 9). The op ends when every region has ended.

    A partition sees only its block arguments, which take the values of
    `captures` (scalars, pointers, descriptors, shared-memory buffers and
    barriers; tiles are not captured: each group lays out its own tiles for
    its own warps). The partitions are the regions of a
    `tir.warp_partitions` op, isolated from above, that fills the op's
    second region, so that no pass moves a value into them.

    Partitions are placed largest first (ties in order), each at a
    multiple of its size past the default region's warps, so that a
    partition of 4 or 8 warps is whole warpgroups whenever the default
    region's warps are.

    With `partition_num_registers` (0: none for that partition), each
    partition's warps, and with `default_num_registers` the default
    region's, first set the registers each of their threads may use
    (`setmaxnreg` on Hopper: budgets are multiples of 8 from 24 to 256), so
    that a group of producers gives registers to the consumers. Registers
    are set per warpgroup (4 warps): partitions smaller than that share one,
    whose budget is the largest they ask for, and a last warpgroup that is
    not whole but has a budget gets idle warps to fill it (a program of 4
    warps with partitions of 1 and 2 warps with budgets launches 8).

    Synchronizing the groups is the regions' business (barriers in shared
    memory); a CTA barrier (`tir.barrier`) inside a region waits for that
    region's warps only.

    ```mlir
    tir.warp_specialize(%n, %p : i32, !tir.ptr<f32>) registers(232) {
      ...
    } partition num_warps(4) registers(40) (%n0: i32, %p0: !tir.ptr<f32>) {
      ...
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$captures,
                       DenseI32ArrayAttr:$partition_num_warps,
                       OptionalAttr<DenseI32ArrayAttr>:$partition_num_registers,
                       OptionalAttr<I32Attr>:$default_num_registers);
  let regions = (region SizedRegion<1>:$defaultRegion,
                        SizedRegion<1>:$partitionOpHolder);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The op holding the partitions.
    WarpPartitionsOp getPartitionsOp();
    /// The partition regions, in order.
    ::llvm::MutableArrayRef<::mlir::Region> getPartitionRegions();
    /// The number of partitions (regions besides the default one).
    unsigned getNumPartitions() { return getPartitionRegions().size(); }
    /// The first warp of partition `i` in the program: partitions follow
    /// the default region's warps, largest first (ties in order).
    int32_t getPartitionWarpStart(unsigned i, int32_t defaultWarps);
    /// The warps of the program with every partition's and the idle warps
    /// that fill the last warpgroup when registers are budgeted.
    int32_t getTotalNumWarps(int32_t defaultWarps);
    /// Whether the default region or a partition sets a register budget.
    bool hasRegisterBudgets();
    /// The idle warps after the partitions that complete a last warpgroup
    /// with a register budget (0 when there is none).
    int32_t getNumPaddingWarps();
    /// The budget of the warpgroup holding warp `warp` of the partitions
    /// (or the idle warps): the largest its partitions ask for, 0 if none.
    int32_t getWarpGroupRegisters(int32_t warp, int32_t defaultWarps);
    /// The partition region `region` is, or -1 (the default region or not
    /// one of this op's).
    int getPartitionIndex(::mlir::Region *region);
  }];
}

def TIR_WarpPartitionsOp : TileIR_Op<"warp_partitions", [
    IsolatedFromAbove, RecursiveMemoryEffects, Terminator,
    HasParent<"WarpSpecializeOp">,
    SingleBlockImplicitTerminator<"WarpYieldOp">]> {
  let summary = "the partitions of a tir.warp_specialize";
  let description = [{
    Holds the partition regions of its parent `tir.warp_specialize`
    (printed with the parent: `partition num_warps(n) (...) {...}`). Being
    isolated from above, its regions use nothing but their block
    arguments, the parent's captures.
  }];
  let regions = (region VariadicRegion<SizedRegion<1>>:$partitionRegions);
  let assemblyFormat = "attr-dict-with-keyword $partitionRegions";
}

def TIR_WarpYieldOp : TileIR_Op<"warp_yield", [Pure, Terminator,
    ReturnLike, ParentOneOf<["WarpSpecializeOp", "WarpPartitionsOp"]>]> {
  let summary = "end a region of tir.warp_specialize";
  let assemblyFormat = "attr-dict";
}
