"""Tutorial kernels (one module per tutorial), written as a Triton user
writes them: `import trident as triton`, `import trident.language as tl`."""
