print("mason-demo")
