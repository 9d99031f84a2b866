func.func @async_wait_pending() {
  // expected-error @+1 {{'nvgir.async_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  nvgir.async_wait {pending = -3 : i32}
  return
}
