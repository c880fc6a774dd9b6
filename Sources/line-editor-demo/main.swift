print("line-editor-demo: not written yet")
