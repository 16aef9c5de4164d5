// Device-side functions: owned by the frontend.
