"""`triton.backends` under trident.compat: `triton.backends.compiler`
(GPUTarget). Triton's back-end registry (`triton.backends.backends`) is
not provided: Trident's targets are not Triton back ends."""
