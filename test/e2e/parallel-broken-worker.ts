// Test-only worker (`parallel: { workerFile }`): fails while loading, so no worker ever starts.
throw new Error('this worker module cannot be loaded');
