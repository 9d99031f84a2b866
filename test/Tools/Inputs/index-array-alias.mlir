// The same construct through type aliases (one naming another): the scan
// before the parser resolves them, so it is refused with its location too.
!i0 = index
!idx = !i0
module attributes {tir.bad = array<!idx: 1>} {
}
