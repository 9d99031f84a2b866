// The fma plugin's passes and dialect in trident-opt: the passes are usable
// by name in --pass-pipeline and the dialect parses and prints.
// Round trip: what is printed parses back to the same thing.
// Without the plugin, the pass is unknown.
// NO-PLUGIN: 'fma-fuse' does not refer to a registered pass or pass pipeline

// FUSE-LABEL:  func.func @vector
// FUSE-NEXT:     %[[R:.*]] = fma.mul_add %arg0, %arg1, %arg2 : vector<4xf16>
// FUSE-NEXT:     return %[[R]]
// LOWER-LABEL: func.func @vector
// LOWER-NEXT:    %[[R:.*]] = math.fma %arg0, %arg1, %arg2 : vector<4xf16>
// LOWER-NEXT:    return %[[R]]
func.func @vector(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<4xf16>) -> vector<4xf16> {
  %m = arith.mulf %a, %b : vector<4xf16>
  %r = arith.addf %m, %c : vector<4xf16>
  return %r : vector<4xf16>
}
