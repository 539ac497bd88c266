print("Sanbon")
