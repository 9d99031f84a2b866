// The same construct through a type alias, which no scan before the parser
// sees: MLIR's parser crashes, and the report says so (not a plugin's).
!idx = index
module attributes {tir.bad = array<!idx: 1>} {
}
